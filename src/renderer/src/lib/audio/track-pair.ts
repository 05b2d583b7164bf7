import { mixTracks } from '../../../../shared/mix-tracks'
import { concatSamples, STUDIO_SAMPLE_RATE } from './pcm'

/**
 * Lines up the microphone and the system audio, which arrive from two capture contexts in blocks of
 * their own timing: whenever both have samples, the common length comes out as the mix (for the
 * recording and its transcript) and the system track alone (kept for playback beside it). A track that
 * falls more than `maxLag` samples behind (a device that stopped) is taken as silence, so the
 * recording never stalls.
 */
export class TrackPair {
  private mic: Int16Array[] = []
  private system: Int16Array[] = []

  constructor(
    private readonly emit: (mix: Int16Array, system: Int16Array) => void,
    private readonly maxLag = 2 * STUDIO_SAMPLE_RATE,
  ) {}

  push(track: 'mic' | 'system', samples: Int16Array): void {
    ;(track === 'mic' ? this.mic : this.system).push(samples)
    const mic = concatSamples(this.mic)
    const system = concatSamples(this.system)
    const lagging = Math.abs(mic.length - system.length) > this.maxLag
    const n = lagging ? Math.max(mic.length, system.length) : Math.min(mic.length, system.length)
    this.mic = n < mic.length ? [mic.subarray(n)] : []
    this.system = n < system.length ? [system.subarray(n)] : []
    if (n) this.send(mic.subarray(0, n), system.subarray(0, n))
  }

  /** At the end: what one track has beyond the other, with silence for the other. */
  flush(): void {
    const mic = concatSamples(this.mic)
    const system = concatSamples(this.system)
    this.mic = []
    this.system = []
    if (mic.length || system.length) this.send(mic, system)
  }

  private send(mic: Int16Array, system: Int16Array) {
    const mix = mixTracks(mic, system)
    const alone = new Int16Array(mix.length)
    alone.set(system)
    this.emit(mix, alone)
  }
}
