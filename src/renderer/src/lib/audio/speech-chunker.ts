/** A piece of audio cut out of a longer stream: where it starts (in samples) and its samples. */
export interface AudioPiece {
  start: number
  samples: Int16Array
  /** Whether any part of it was loud enough to be speech; a silent piece needs no transcription. */
  voiced: boolean
}

export interface ChunkerOptions {
  sampleRate: number
  /** A piece is not cut before it is this long, so whisper gets context. Default 3 s. */
  minSeconds?: number
  /** A piece is cut at this length even without a pause (whisper reads 30 s windows). Default 25 s. */
  maxSeconds?: number
  /** A quiet stretch this long is a pause to cut at. Default 0.4 s. */
  pauseSeconds?: number
  /** RMS level (0..1) under which a 30 ms frame counts as quiet. Default 0.01. */
  threshold?: number
}

const FRAME_SECONDS = 0.03

/** RMS level (0..1) of 16-bit samples. */
export function rmsLevel(samples: Int16Array, from = 0, to = samples.length): number {
  if (to <= from) return 0
  let sum = 0
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!
  return Math.sqrt(sum / (to - from)) / 32768
}

/**
 * Cuts a growing stream of samples into pieces of a few seconds at the pauses between words (an energy
 * voice-activity detector over 30 ms frames), so each piece can be transcribed on its own while the
 * person is still speaking and no word is cut in two.
 */
export class SpeechChunker {
  private buffer: Int16Array
  private length = 0
  /** Sample index (in the whole stream) where the buffer starts. */
  private offset = 0
  /** Frames of the buffer already classified. */
  private frames = 0
  private quietRun = 0
  private voiced = false
  private readonly frame: number
  private readonly min: number
  private readonly max: number
  private readonly pauseFrames: number
  private readonly threshold: number

  constructor(opts: ChunkerOptions) {
    this.frame = Math.round(opts.sampleRate * FRAME_SECONDS)
    this.min = Math.round(opts.sampleRate * (opts.minSeconds ?? 3))
    this.max = Math.round(opts.sampleRate * (opts.maxSeconds ?? 25))
    this.pauseFrames = Math.max(1, Math.round((opts.pauseSeconds ?? 0.4) / FRAME_SECONDS))
    this.threshold = opts.threshold ?? 0.01
    this.buffer = new Int16Array(this.max + this.frame * 4)
  }

  /** Adds samples; returns the pieces that are complete now. */
  push(samples: Int16Array): AudioPiece[] {
    const out: AudioPiece[] = []
    let from = 0
    while (from < samples.length) {
      const take = Math.min(samples.length - from, this.buffer.length - this.length)
      this.buffer.set(samples.subarray(from, from + take), this.length)
      this.length += take
      from += take
      for (;;) {
        const piece = this.scan()
        if (!piece) break
        out.push(piece)
      }
    }
    return out
  }

  /** The rest, when the stream ends; null when nothing is left. */
  flush(): AudioPiece | null {
    if (this.length === 0) return null
    for (; (this.frames + 1) * this.frame <= this.length; this.frames++) if (rmsLevel(this.buffer, this.frames * this.frame, (this.frames + 1) * this.frame) >= this.threshold) this.voiced = true
    if (rmsLevel(this.buffer, this.frames * this.frame, this.length) >= this.threshold) this.voiced = true
    return this.cut(this.length)
  }

  /** Classifies the frames not seen yet; returns a piece when a pause (or the length limit) ends one. */
  private scan(): AudioPiece | null {
    while ((this.frames + 1) * this.frame <= this.length) {
      const start = this.frames * this.frame
      const quiet = rmsLevel(this.buffer, start, start + this.frame) < this.threshold
      this.frames++
      if (!quiet) this.voiced = true
      this.quietRun = quiet ? this.quietRun + 1 : 0
      const end = this.frames * this.frame
      // Cut in the middle of the pause, so the next piece starts just before its first word.
      if (this.quietRun >= this.pauseFrames && end >= this.min && this.voiced) return this.cut(end - Math.floor(this.quietRun / 2) * this.frame)
      if (end >= this.max) return this.cut(this.quietestCut(end))
    }
    return null
  }

  /** Where to cut a piece that reached its length without a pause: the quietest frame of its last two seconds. */
  private quietestCut(end: number): number {
    let best = end
    let bestLevel = Infinity
    for (let at = end - this.frame; at >= Math.max(this.min, end - this.frame * 66); at -= this.frame) {
      const level = rmsLevel(this.buffer, at, at + this.frame)
      if (level < bestLevel) {
        bestLevel = level
        best = at + this.frame
      }
    }
    return best
  }

  private cut(at: number): AudioPiece {
    const piece: AudioPiece = { start: this.offset, samples: this.buffer.slice(0, at), voiced: this.voiced }
    this.buffer.copyWithin(0, at, this.length)
    this.length -= at
    this.offset += at
    this.frames = 0
    this.quietRun = 0
    this.voiced = false
    // Frames left over keep their place in the next piece: classify them again from the start.
    return piece
  }
}
