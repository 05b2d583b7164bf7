/* global registerProcessor, AudioWorkletProcessor, sampleRate */
/**
 * The studio's capture: runs in the audio thread and posts the first channel's samples to the page in
 * blocks of a tenth of a second (the recorder turns them into 16-bit chunks, levels and a waveform).
 */
class PcmCapture extends AudioWorkletProcessor {
  constructor() {
    super()
    this.block = new Float32Array(Math.round(sampleRate / 10))
    this.filled = 0
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0]
    if (channel) {
      let from = 0
      while (from < channel.length) {
        const take = Math.min(channel.length - from, this.block.length - this.filled)
        this.block.set(channel.subarray(from, from + take), this.filled)
        this.filled += take
        from += take
        if (this.filled === this.block.length) {
          this.port.postMessage(this.block.slice())
          this.filled = 0
        }
      }
    }
    return true
  }
}

registerProcessor('pcm-capture', PcmCapture)
