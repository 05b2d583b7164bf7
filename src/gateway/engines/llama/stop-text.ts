/**
 * Turns generated pieces of text into what may be shown: text that could still be the start of a stop
 * sequence is held back until it is known not to be one, and a stop sequence ends the text before it.
 * Each piece carries its tokens' logprobs, which are released with the last character of the piece.
 */
export interface StopMatch {
  /** Which of the watched strings ended the text. */
  stop: string
}

export interface Released<T> {
  text: string
  /** The items (logprobs) of the pieces released whole. */
  items: T[]
}

export class StopText<T> {
  private all = ''
  private releasedTo = 0
  private readonly pieces: Array<{ end: number; items: T[] }> = []
  private matched: StopMatch | null = null

  constructor(private readonly stops: string[]) {}

  get text(): string {
    return this.matched ? this.all.slice(0, this.releasedTo) : this.all
  }

  get stopped(): StopMatch | null {
    return this.matched
  }

  /** Adds a piece; returns what can be released now (empty while a stop sequence may be forming). */
  push(piece: string, items: T[]): Released<T> {
    if (this.matched) return { text: '', items: [] }
    const searchFrom = Math.max(0, this.releasedTo - this.longestStop())
    this.all += piece
    this.pieces.push({ end: this.all.length, items })
    let first: { at: number; stop: string } | null = null
    for (const stop of this.stops) {
      if (!stop) continue
      const at = this.all.indexOf(stop, searchFrom)
      if (at >= 0 && (!first || at < first.at)) first = { at, stop }
    }
    if (first) {
      this.matched = { stop: first.stop }
      return this.releaseTo(first.at)
    }
    return this.releaseTo(this.all.length - this.heldBack())
  }

  /** Everything still held (the generation ended without completing a stop sequence). */
  flush(): Released<T> {
    if (this.matched) return { text: '', items: [] }
    return this.releaseTo(this.all.length)
  }

  private releaseTo(end: number): Released<T> {
    const text = this.all.slice(this.releasedTo, end)
    this.releasedTo = Math.max(this.releasedTo, end)
    const items: T[] = []
    while (this.pieces.length > 0 && this.pieces[0]!.end <= this.releasedTo) items.push(...this.pieces.shift()!.items)
    // A piece cut by the stop sequence is not part of the answer: its items go with it.
    if (this.matched) this.pieces.length = 0
    return { text, items }
  }

  /** The longest tail of the unreleased text that is the beginning of a stop sequence. */
  private heldBack(): number {
    let held = 0
    const tail = this.all.slice(this.releasedTo)
    for (const stop of this.stops) {
      for (let len = Math.min(stop.length - 1, tail.length); len > held; len--) {
        if (tail.endsWith(stop.slice(0, len))) {
          held = len
          break
        }
      }
    }
    return held
  }

  private longestStop(): number {
    return this.stops.reduce((m, s) => Math.max(m, s.length), 0)
  }
}
