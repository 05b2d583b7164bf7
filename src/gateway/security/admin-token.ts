import { randomBytes, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import { readOrCreatePrivateFile } from './private-file'

export const ADMIN_TOKEN_FILE = 'admin-token'
export const newAdminToken = (): string => randomBytes(32).toString('base64url')

/** The local admin token: random, kept in `<data-dir>/admin-token` with 0600 permissions. */
export function loadAdminToken(dataDir: string): string {
  return readOrCreatePrivateFile(join(dataDir, ADMIN_TOKEN_FILE), () => Buffer.from(newAdminToken()))
    .toString('utf8')
    .trim()
}

export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
