import captureWorkletUrl from './pcm-capture-worklet.js?url&no-inline'
import { floatToInt16, STUDIO_SAMPLE_RATE } from './pcm'

/**
 * The microphone at 16 kHz through the capture worklet: `onSamples` gets a tenth of a second at a time.
 * Throws getUserMedia's own errors (NotAllowedError, NotFoundError…); see microphoneProblem.
 */
export async function openMicrophone(onSamples: (samples: Int16Array) => void, deviceId?: string): Promise<{ context: AudioContext; close(): void }> {
  if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('This page cannot use a microphone here (it needs localhost or https).'), { name: 'TypeError' })
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { deviceId: deviceId ? { exact: deviceId } : undefined, echoCancellation: false, noiseSuppression: false, autoGainControl: false } })
  // The context runs at 16 kHz: the browser resamples the microphone to what whisper wants.
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
