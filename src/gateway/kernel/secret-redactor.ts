/** Shorter values are not treated as secrets: masking every "x" or "test" would mangle text for nothing. */
export const MIN_SECRET_LENGTH = 8

/** A byte-stream redactor: chunks in, chunks out; a secret split across chunks is still caught. */
export interface StreamRedactor {
  push(chunk: Buffer): Buffer
  /** What was held back at the end of the last chunk (a possible start of a secret). */
  end(): Buffer
}

export interface SecretRedactor {
  /** Remembers a secret (provider keys as they are resolved); too short or empty values are ignored. */
  add(secret: string | undefined): void
  redact(text: string): string
  stream(): StreamRedactor
}

const sameValues = (a: ReadonlyArray<string | undefined>, b: ReadonlyArray<string | undefined>) => a.length === b.length && a.every((v, i) => v === b[i])

/**
 * The same length as the secret, so a relayed body keeps its content-length and a JSON string stays a
 * JSON string; only the secret's length is told.
 */
const maskOf = (length: number) => Buffer.from(length >= 10 ? `[redacted${'*'.repeat(length - 10)}]` : '*'.repeat(length))

/**
 * Masks every secret the gateway holds (provider keys, their `env:` values, the admin token) in text
 * that came from outside, before it reaches a client, a log or a usage row. `live` adds secrets that can
 * change while the gateway runs (the admin token file), read at each use.
 */
export function createSecretRedactor(live: () => Array<string | undefined> = () => []): SecretRedactor {
  const known = new Set<string>()
  let knownVersion = 0
  let cached: { version: number; live: Array<string | undefined>; texts: string[]; secrets: Buffer[]; masks: Buffer[]; longest: number; starts: Uint8Array } | null = null

  // Read for every chunk and header an upstream sends: rebuilt only when a secret was added or a live one changed.
  const current = () => {
    const liveNow = live()
    if (cached && cached.version === knownVersion && sameValues(cached.live, liveNow)) return cached
    const texts = [...known]
    for (const s of liveNow) if (s && s.length >= MIN_SECRET_LENGTH && !known.has(s)) texts.push(s)
    const secrets = texts.map((s) => Buffer.from(s))
    // Which bytes begin a secret: the tail check below looks a byte up instead of asking every secret.
    const starts = new Uint8Array(256)
    for (const s of secrets) starts[s[0]!] = 1
    cached = { version: knownVersion, live: liveNow, texts, secrets, masks: secrets.map((s) => maskOf(s.length)), longest: Math.max(0, ...secrets.map((s) => s.length)), starts }
    return cached
  }

  /** Masks in place (a mask is as long as its secret). */
  const maskIn = (buf: Buffer, secrets: Buffer[], masks: Buffer[]) => {
    secrets.forEach((secret, i) => {
      for (let at = buf.indexOf(secret); at !== -1; at = buf.indexOf(secret, at + secret.length)) masks[i]!.copy(buf, at)
    })
  }

  /** How many trailing bytes of `buf` could be the start of a secret the next chunk completes. */
  const heldTail = (buf: Buffer, secrets: Buffer[], longest: number, starts: Uint8Array) => {
    for (let k = Math.min(longest - 1, buf.length); k > 0; k--) {
      if (!starts[buf[buf.length - k]!]) continue
      const tail = buf.subarray(buf.length - k)
      if (secrets.some((s) => s.length > k && s.compare(tail, 0, k, 0, k) === 0)) return k
    }
    return 0
  }

  return {
    add(secret) {
      if (secret && secret.length >= MIN_SECRET_LENGTH && !known.has(secret)) {
        known.add(secret)
        knownVersion++
      }
    },
    redact(text) {
      const { texts, secrets, masks } = current()
      if (!texts.some((s) => text.includes(s))) return text
      const buf = Buffer.from(text)
      maskIn(buf, secrets, masks)
      return buf.toString()
    },
    stream() {
      let held = Buffer.alloc(0)
      return {
        push(chunk) {
          const { secrets, masks, longest, starts } = current()
          if (!secrets.length && !held.length) return chunk
          const joined = held.length ? Buffer.concat([held, chunk]) : chunk
          // The hot path (no secret in the chunk) copies nothing; a chunk with one is copied before it is masked.
          const buf = secrets.some((secret) => joined.includes(secret)) ? Buffer.from(joined) : joined
          if (buf !== joined) maskIn(buf, secrets, masks)
          const keep = heldTail(buf, secrets, longest, starts)
          held = Buffer.from(buf.subarray(buf.length - keep))
          return buf.subarray(0, buf.length - keep)
        },
        end() {
          const rest = held
          held = Buffer.alloc(0)
          return rest
        },
      }
    },
  }
}
