/**
 * Entry of an engine worker process. The host forks this file with the path of a handler module
 * (argv[2]); the module exports `engineHandlers`, a map of async functions by method name.
 * A worker serves one request at a time unless its engine allows more (jobsPerWorker); a native crash
 * ends this process only, and with it the requests it was serving.
 */
import { pathToFileURL } from 'node:url'
import {
  type EngineHandlers,
  type HostToWorkerMessage,
  type SerializedEngineError,
  type WorkerToHostMessage,
} from './engine-protocol'

function send(message: WorkerToHostMessage, then?: () => void): void {
  if (!process.connected) return
  process.send?.(message, undefined, {}, (err) => {
    if (err) process.exit(1)
    then?.()
  })
}

function serializeError(e: unknown): SerializedEngineError {
  if (!(e instanceof Error)) return { message: String(e) }
  const extra = e as Error & { status?: unknown; type?: unknown; code?: unknown; param?: unknown; nativeLog?: unknown }
  return {
    message: e.message,
    status: typeof extra.status === 'number' ? extra.status : undefined,
    type: typeof extra.type === 'string' ? extra.type : undefined,
    code: typeof extra.code === 'string' ? extra.code : null,
    param: typeof extra.param === 'string' ? extra.param : null,
    nativeLog: typeof extra.nativeLog === 'string' ? extra.nativeLog : undefined,
  }
}

/** The jobs running in this worker, by id: a worker may run several at once (jobsPerWorker). */
const running = new Map<number, AbortController>()

async function handle(handlers: EngineHandlers, message: HostToWorkerMessage): Promise<void> {
  if (message.type === 'cancel') {
    running.get(message.id)?.abort()
    return
  }
  const { id } = message
  const handler = handlers[message.method]
  if (!handler) {
    send({ type: 'error', id, error: { message: `unknown engine method "${message.method}"` } })
    return
  }
  const controller = new AbortController()
  running.set(id, controller)
  try {
    const value = await handler(message.payload as never, {
      signal: controller.signal,
      emit: (event) => send({ type: 'event', id, value: event }),
    })
    send({ type: 'result', id, value })
  } catch (e) {
    send({ type: 'error', id, error: serializeError(e) })
  } finally {
    running.delete(id)
  }
}

async function main(): Promise<void> {
  if (!process.send) {
    process.stderr.write('engine worker: start it with child_process.fork (it needs an IPC channel)\n')
    process.exit(2)
  }
  // The gateway went away: nothing left to serve.
  process.on('disconnect', () => process.exit(0))

  const modulePath = process.argv[2]
  let handlers: EngineHandlers
  try {
    if (!modulePath) throw new Error('no handler module given')
    const loaded = (await import(pathToFileURL(modulePath).href)) as { engineHandlers?: EngineHandlers }
    if (!loaded.engineHandlers) throw new Error(`${modulePath} exports no engineHandlers`)
    handlers = loaded.engineHandlers
  } catch (e) {
    send({ type: 'fatal', error: serializeError(e) }, () => process.exit(1))
    return
  }
  process.on('message', (message: HostToWorkerMessage) => void handle(handlers, message))
  send({ type: 'ready' })
}

void main()
