/** Runs inside a TTS engine worker process (see engines/host): Flite and eSpeak NG, both WebAssembly. */
import { listEspeakVoices, synthesizeWithEspeak } from './espeak-synthesizer'
import { synthesizeWithFlite } from './flite-synthesizer'
import { type EspeakVoiceInfo, type TtsSynthesizeRequest, type TtsSynthesizeResponse } from './tts-protocol'
import { readWavPcm16, wavFromPcm16 } from './wav-container'

export const engineHandlers = {
  async synthesize(req: TtsSynthesizeRequest): Promise<TtsSynthesizeResponse> {
    if (req.engine === 'flite') {
      const wav = await synthesizeWithFlite(req.text, req)
      const info = readWavPcm16(wav)
      if (!info) throw new Error('Flite wrote no readable WAV file')
      return { wav, sampleRate: info.sampleRate }
    }
    const { pcm, sampleRate } = await synthesizeWithEspeak(req.text, req)
    return { wav: wavFromPcm16(new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength), sampleRate), sampleRate }
  },

  async listEspeakVoices(): Promise<EspeakVoiceInfo[]> {
    return listEspeakVoices()
  },
}
