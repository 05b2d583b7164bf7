import { randomBytes, randomUUID } from 'node:crypto'
import type { Clock, IdGenerator } from './runtime'

export const systemClock: Clock = { now: () => Date.now() }

/**
 * Random bytes drawn from a pool refilled 4 KiB at a time: a request id per request would otherwise
 * cost one call into the system's random source each (as randomUUID pools for the same reason).
 */
function pooledRandom() {
  let pool = Buffer.alloc(0)
  let offset = 0
  return (n: number): Buffer => {
    if (n > 256) return randomBytes(n)
    if (offset + n > pool.length) {
      pool = randomBytes(4096)
      offset = 0
    }
    offset += n
    return pool.subarray(offset - n, offset)
  }
}

const random = pooledRandom()

export const randomIds: IdGenerator = {
  uuid: () => randomUUID(),
  token: (bytes = 12) => random(bytes).toString('base64url'),
  requestId: () => `req_${Date.now().toString(36).padStart(9, '0')}${random(9).toString('base64url')}`,
}
