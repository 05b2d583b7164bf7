
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
}

export interface IdGenerator {
  uuid(): string
  /** A short random token for ids such as `req_…`, `file-…`. */
  token(bytes?: number): string
}

export type Env = Readonly<Record<string, string | undefined>>
