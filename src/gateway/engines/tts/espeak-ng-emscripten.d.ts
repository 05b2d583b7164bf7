/** The parts of the eSpeak NG Emscripten build (@echogarden/espeak-ng-emscripten) the TTS worker uses. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakNgWorker {
    readonly samplerate: number
    /** 0 on success. */
    set_voice(name: string, language?: string | null, gender?: number, age?: number, variant?: number): number
    set_rate(wordsPerMinute: number): number
    set_pitch(pitch: number): number
    list_voices(): Array<{ name: string; identifier: string; languages: Array<{ priority: number; name: string }> }>
    /** The callback gets each chunk of samples; returning true stops synthesis. */
    synthesize(text: string, onAudio: (samples: Int16Array, events: unknown[]) => boolean | void): void
  }
  interface EspeakNgModule {
    eSpeakNGWorker: new () => EspeakNgWorker
  }
  const createEspeakNgModule: () => Promise<EspeakNgModule>
  export default createEspeakNgModule
}
