/**
 * The microphone and the system's output (the other side of a call), each 16-bit mono PCM at one sample
 * rate, mixed into one track for transcription; the two are kept apart for playback. Samples are summed
 * and clipped to 16 bits (no halving: a quiet side stays as loud as it was); the shorter track is taken
 * as silence past its end.
 */
export function mixTracks(a: Int16Array, b: Int16Array): Int16Array {
  const out = new Int16Array(Math.max(a.length, b.length))
  for (let i = 0; i < out.length; i++) {
    const sum = (a[i] ?? 0) + (b[i] ?? 0)
    out[i] = sum > 32767 ? 32767 : sum < -32768 ? -32768 : sum
  }
  return out
}

/** How the system's output can be recorded here: Electron's loopback, a PulseAudio/PipeWire monitor source, or not at all. */
export type SystemAudioSupport = { kind: 'loopback' } | { kind: 'monitor-source' } | { kind: 'unsupported'; reason: string }

/** `release` is `os.release()`: Darwin 22 is macOS 13, the first with the loopback Electron uses. */
export function systemAudioSupport(platform: string, release: string): SystemAudioSupport {
  if (platform === 'win32') return { kind: 'loopback' }
  if (platform === 'darwin') {
    const darwin = Number.parseInt(release, 10)
    return darwin >= 22 ? { kind: 'loopback' } : { kind: 'unsupported', reason: 'Recording the system audio needs macOS 13 or later.' }
  }
  if (platform === 'linux') return { kind: 'monitor-source' }
  return { kind: 'unsupported', reason: `Recording the system audio is not supported on ${platform}.` }
}

