import captureWorkletUrl from './pcm-capture-worklet.js?url&no-inline'
import { floatToInt16, STUDIO_SAMPLE_RATE } from './pcm'

export interface OpenCapture {
  context: AudioContext
  close(): void
}

/**
 * The microphone at 16 kHz through the capture worklet: `onSamples` gets a tenth of a second at a time.
 * Throws getUserMedia's own errors (NotAllowedError, NotFoundError…); see microphoneProblem.
 */
export async function openMicrophone(onSamples: (samples: Int16Array) => void, deviceId?: string): Promise<OpenCapture> {
  if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('This page cannot use a microphone here (it needs localhost or https).'), { name: 'TypeError' })
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { deviceId: deviceId ? { exact: deviceId } : undefined, echoCancellation: false, noiseSuppression: false, autoGainControl: false } })
  return captureStream(stream, onSamples)
}

/**
 * The system's output through Electron's display-media loopback (Windows, macOS 13+; the main process
 * answers the request, see src/main/system-audio/loopback-request.ts). Chromium hands loopback audio only
 * beside a screen track, which is stopped at once: nothing of the screen is kept.
 */
export async function openSystemLoopback(onSamples: (samples: Int16Array) => void): Promise<OpenCapture> {
  if (!navigator.mediaDevices?.getDisplayMedia) throw new Error('This window cannot record the system audio.')
  const stream = await navigator.mediaDevices.getDisplayMedia({ audio: true, video: true })
  stream.getVideoTracks().forEach((t) => {
    t.stop()
    stream.removeTrack(t)
  })
  if (!stream.getAudioTracks().length) throw new Error('The system gave no audio to record.')
  return captureStream(stream, onSamples)
}

async function captureStream(stream: MediaStream, onSamples: (samples: Int16Array) => void): Promise<OpenCapture> {
  // The context runs at 16 kHz: the browser resamples the input to what whisper wants.
  const context = new AudioContext({ sampleRate: STUDIO_SAMPLE_RATE })
  const close = () => {
    stream.getTracks().forEach((t) => t.stop())
    void context.close()
  }
  try {
    await context.audioWorklet.addModule(captureWorkletUrl)
    const capture = new AudioWorkletNode(context, 'pcm-capture')
    capture.port.onmessage = (e: MessageEvent<Float32Array>) => onSamples(floatToInt16(e.data))
    context.createMediaStreamSource(stream).connect(capture)
  } catch (e) {
    close()
    throw e
  }
  return { context, close }
}

/** getUserMedia's failures in words a person can act on. */
export function microphoneProblem(e: unknown): string {
  const name = (e as DOMException)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Microphone access was refused. Allow the microphone for this page (in the browser\'s site settings or the system\'s privacy settings), then press Record again.'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No microphone was found. Connect one (or pick another input) and press Record again.'
  if (name === 'NotReadableError' || name === 'AbortError') return 'The microphone could not be opened: another application may be using it.'
  return `The microphone could not be started: ${(e as Error)?.message ?? String(e)}`
}
