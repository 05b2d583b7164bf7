import { readFileSync, unwatchFile, watchFile } from 'node:fs'
import { join } from 'node:path'
import { constantTimeEqual, randomSecret } from './credentials'
import { readOrCreatePrivateFile } from './private-file'

export const ADMIN_TOKEN_FILE = 'admin-token'
/** What the desktop app also demands of a token it reads; generated tokens have 43 characters. */
export const MIN_ADMIN_TOKEN_LENGTH = 16
export const newAdminToken = randomSecret

/** An admin-token file that is empty, too short or unreadable: start-up stops rather than open the admin API to a guessable token. */
export class AdminTokenError extends Error {
  constructor(file: string, problem: string) {
    super(
      `The admin token file ${file} ${problem}. It must hold a token of at least ${MIN_ADMIN_TOKEN_LENGTH} characters: ` +
        `delete it to have a new random token generated at the next start, or write a long random token into it.`,
    )
    this.name = 'AdminTokenError'
  }
}

const isUsable = (token: string | undefined): token is string => token !== undefined && token.length >= MIN_ADMIN_TOKEN_LENGTH

/** Whether a presented token is the admin token. An empty or short token never matches, not even itself. */
export function isAdminToken(presented: string | undefined, adminToken: string): boolean {
  return isUsable(presented) && isUsable(adminToken) && constantTimeEqual(presented, adminToken)
}

function readTokenFile(file: string): string {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new AdminTokenError(file, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`)
  }
  const token = text.trim()
  if (token.length === 0) throw new AdminTokenError(file, 'is empty')
  if (token.length < MIN_ADMIN_TOKEN_LENGTH) throw new AdminTokenError(file, `holds only ${token.length} characters`)
  return token
}

/** The local admin token: random, kept in `<data-dir>/admin-token` with 0600 permissions. */
export function loadAdminToken(dataDir: string): string {
  const file = join(dataDir, ADMIN_TOKEN_FILE)
  try {
    readOrCreatePrivateFile(file, () => Buffer.from(newAdminToken()))
  } catch {
    // an unreadable file: readTokenFile says so
  }
  return readTokenFile(file)
}

/** The admin token as the gateway holds it while it runs: the file it came from may change under it. */
export interface AdminTokenHolder {
  current(): string
  matches(presented: string | undefined): boolean
  /** Calls `listener` after the token changed (the file was rewritten). */
  onChange(listener: () => void): void
  close(): void
}

/** A token that never changes (the desktop app's, unsealed from the OS keychain; tests). */
export function fixedAdminToken(token: string): AdminTokenHolder {
  return { current: () => token, matches: (presented) => isAdminToken(presented, token), onChange: () => {}, close: () => {} }
}

/**
 * The token of `<data-dir>/admin-token`, re-read when the file changes: a new token takes over at
 * once (and the listeners end every session made under the old one). A file that becomes empty,
 * short or unreadable closes the admin API until it is fixed; it never opens it.
 */
export function watchedAdminTokenFile(file: string, initial: string, opts: { intervalMs?: number; onError?: (e: Error) => void } = {}): AdminTokenHolder {
  let token = initial
  const listeners: Array<() => void> = []
  const check = () => {
    let next: string
    try {
      next = readTokenFile(file)
    } catch (e) {
      if (token === '') return
      token = ''
      opts.onError?.(e as Error)
      listeners.forEach((l) => l())
      return
    }
    if (next === token) return
    token = next
    listeners.forEach((l) => l())
  }
  watchFile(file, { interval: opts.intervalMs ?? 1000, persistent: false }, check)
  return {
    current: () => token,
    matches: (presented) => isAdminToken(presented, token),
    onChange: (listener) => void listeners.push(listener),
    close: () => unwatchFile(file, check),
  }
}
