import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Worker } from 'tesseract.js'
import { imageDimensions } from '../documents/image-dimensions'

const require = createRequire(import.meta.url)

/**
 * Tesseract's WebAssembly memory grows to fit the largest image it decoded and never shrinks: after an
 * image larger than this the recognizer is let go, so the memory goes with it.
 */
const LARGE_IMAGE_PIXELS = 16_000_000

export interface OcrEngineOptions {
  /** The recognizer (a WASM build of Tesseract in a worker thread) is freed after this long unused. Default 60 s. */
  idleMs?: number
}

/**
 * Offline text recognition: Tesseract's WASM build (tesseract.js) with the English LSTM model that the
 * npm package @tesseract.js-data/eng ships, read from node_modules. Nothing is fetched and nothing is
 * cached on disk. One recognizer, started on first use; pages queue on it.
 */
export function createOcrEngine(opts: OcrEngineOptions = {}) {
  const idleMs = opts.idleMs ?? 60_000
  let worker: Promise<Worker> | undefined
  let idleTimer: NodeJS.Timeout | undefined
  let queue: Promise<unknown> = Promise.resolve()

  async function start(): Promise<Worker> {
    const { createWorker, OEM } = await import('tesseract.js')
    const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int')
    return createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none', logger: () => {}, errorHandler: () => {} })
  }

  function armIdle() {
    clearTimeout(idleTimer)
    idleTimer = setTimeout(() => void close(), idleMs)
    idleTimer.unref()
  }

  async function close(): Promise<void> {
    clearTimeout(idleTimer)
    const w = worker
    worker = undefined
    if (w) await (await w.catch(() => null))?.terminate()
  }

  return {
    /** The text of one image (PNG, JPEG, BMP, WebP), lines kept. */
    recognize(image: Buffer, signal?: AbortSignal): Promise<string> {
      const job = queue.then(async () => {
        signal?.throwIfAborted()
        clearTimeout(idleTimer)
        const started = (worker ??= start())
        const w = await started
        // Tesseract cannot be interrupted: a request that goes away takes its recognizer (and the memory it grew) with it.
        let onAbort = () => {}
        const aborted = new Promise<never>((_, reject) => {
          onAbort = () => {
            if (worker === started) worker = undefined
            void w.terminate().catch(() => {})
            reject(signal!.reason)
          }
        })
        signal?.addEventListener('abort', onAbort, { once: true })
        const size = imageDimensions(image)
        try {
          const { data } = await Promise.race([w.recognize(image), aborted])
          return data.text.trim()
        } finally {
          signal?.removeEventListener('abort', onAbort)
          if (size && size.width * size.height > LARGE_IMAGE_PIXELS) void close()
          else armIdle()
        }
      })
      queue = job.catch(() => {})
      return job
    },
    close,
  }
}

export type OcrEngine = ReturnType<typeof createOcrEngine>
