import { randomBytes, randomUUID } from 'node:crypto'
import type { Clock, IdGenerator } from './deps'

export const systemClock: Clock = { now: () => Date.now() }

export const randomIds: IdGenerator = {
  uuid: () => randomUUID(),
  token: (bytes = 12) => randomBytes(bytes).toString('base64url'),
}
