/**
 * eSpeak NG compiled to WebAssembly (@echogarden/espeak-ng-emscripten, GPL-3.0), for languages
 * Flite has no voice for. Runs inside the TTS worker; one engine instance per worker.
 */
import createEspeakNgModule, { type EspeakNgWorker } from '@echogarden/espeak-ng-emscripten'
import { EngineRequestError } from '../host/engine-protocol'
import { type EspeakVoiceInfo, type EspeakVoiceSettings } from './tts-protocol'

let engine: Promise<EspeakNgWorker> | undefined

function espeak(): Promise<EspeakNgWorker> {
  engine ??= createEspeakNgModule().then((module) => new module.eSpeakNGWorker())
  engine.catch(() => (engine = undefined))
  return engine
}

/** Speaks `text`; returns mono s16 samples at the engine's rate (22050 Hz). */
export async function synthesizeWithEspeak(text: string, settings: EspeakVoiceSettings): Promise<{ pcm: Int16Array; sampleRate: number }> {
  const worker = await espeak()
  if (worker.set_voice(settings.voice) !== 0) {
    throw new EngineRequestError(`eSpeak NG has no voice "${settings.voice}"; use a language code such as espeak:fr or espeak:pt-BR.`, {
      status: 400,
      code: 'unknown_voice',
      param: 'voice',
    })
  }
  worker.set_pitch(settings.pitch ?? 50)
  const chunks: Int16Array[] = []
  worker.synthesize(text, (samples) => {
    if (samples.length) chunks.push(samples)
    return false
  })
  const pcm = new Int16Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    pcm.set(c, at)
    at += c.length
  }
  return { pcm, sampleRate: worker.samplerate }
}

export async function listEspeakVoices(): Promise<EspeakVoiceInfo[]> {
  const worker = await espeak()
  return worker
    .list_voices()
    .filter((v) => !v.identifier.startsWith('mb/'))
    .map((v) => ({ id: v.identifier.split('/').at(-1)!, name: v.name, languages: v.languages.map((l) => l.name) }))
}
