import type { FastifyBaseLogger } from 'fastify'
import type { FileService } from './file-service'

const EXPIRY_SWEEP_EVERY_MS = 10 * 60_000

/**
 * At start-up, before anything else writes files: removes what interrupted writes left behind (temp
 * files, blobs without a row) and files past their expiry. Then sweeps expired files every ten
 * minutes; reads already treat an expired file as gone, the sweep gives the disk space back.
 * `alsoExpire` sweeps other rows with a retention (stored responses) on the same schedule.
 * Returns what stops the sweeps.
 */
export async function startFileHousekeeping(files: FileService, log: FastifyBaseLogger, alsoExpire: ReadonlyArray<() => unknown> = []): Promise<() => void> {
  const swept = await files.sweepOrphans()
  if (swept.temp || swept.orphans) log.info({ ...swept }, 'removed unfinished file writes')
  const expireOthers = () => {
    for (const expire of alsoExpire) {
      try {
        expire()
      } catch (err) {
        log.error({ err }, 'expired rows sweep failed')
      }
    }
  }
  expireOthers()
  await files.sweepExpired()
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    expireOthers()
    files
      .sweepExpired()
      .catch((err: unknown) => log.error({ err }, 'expired file sweep failed'))
      .finally(() => (running = false))
  }, EXPIRY_SWEEP_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
