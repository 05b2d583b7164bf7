import { wavHeader } from '../audio-data'

/** 16 kHz mono: what whisper hears, and what the studio records and sends. */
export const STUDIO_SAMPLE_RATE = 16000

/** Web Audio's floats (-1..1) as 16-bit samples. */
export function floatToInt16(input: Float32Array): Int16Array {
  const out = new Int16Array(input.length)
  for (let i = 0; i < input.length; i++) {
    const s = Math.max(-1, Math.min(1, input[i]!))
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff
  }
  return out
}

export function concatSamples(parts: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** 16-bit mono samples as a WAV file. */
export function wavBlob(samples: Int16Array, sampleRate: number): Blob {
  return new Blob([wavHeader(samples.byteLength, sampleRate), samples.slice().buffer], { type: 'audio/wav' })
}

/** The loudest sample of each of `columns` stretches (0..1): what a waveform draws. */
export function peaks(samples: Int16Array, columns: number): Float32Array {
  const out = new Float32Array(Math.max(0, columns))
  if (!samples.length || columns <= 0) return out
  const per = samples.length / columns
  for (let c = 0; c < columns; c++) {
    let max = 0
    const end = Math.min(samples.length, Math.floor((c + 1) * per))
    for (let i = Math.floor(c * per); i < end; i++) max = Math.max(max, Math.abs(samples[i]!))
    out[c] = max / 32768
  }
  return out
}

/** Any audio file the browser can decode, as 16 kHz mono 16-bit samples. */
export async function decodeToStudioPcm(file: Blob): Promise<Int16Array> {
  const bytes = await file.arrayBuffer()
  const probe = new AudioContext()
  let decoded: AudioBuffer
  try {
    decoded = await probe.decodeAudioData(bytes)
  } catch {
    throw new Error('This file is not audio the browser can decode (try wav, mp3, ogg, webm, flac or m4a).')
  } finally {
    void probe.close()
  }
  const frames = Math.max(1, Math.ceil(decoded.duration * STUDIO_SAMPLE_RATE))
  const offline = new OfflineAudioContext(1, frames, STUDIO_SAMPLE_RATE)
  const source = offline.createBufferSource()
  source.buffer = decoded
  source.connect(offline.destination)
  source.start()
  return floatToInt16((await offline.startRendering()).getChannelData(0))
}
