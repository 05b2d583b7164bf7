
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
}

export interface IdGenerator {
  uuid(): string
  /** A short random token for ids such as `req_…`, `file-…`. */
  token(bytes?: number): string
  /**
   * A request id, `req_…`: its start is the time, so ids sort as they were made and the usage log's
   * index grows at its end (random keys would dirty pages all over it on every insert).
   */
  requestId(): string
}

export type Env = Readonly<Record<string, string | undefined>>
