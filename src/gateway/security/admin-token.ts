import { randomBytes } from 'node:crypto'
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
