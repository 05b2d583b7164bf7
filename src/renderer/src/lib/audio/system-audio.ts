import type { SystemAudioSupport } from '../../../../shared/mix-tracks'

/** Whether the recorder can offer "Include system audio" here, and if not, why in words. */
export type SystemAudioChoice =
  | { available: true; kind: 'loopback' }
  | { available: true; kind: 'monitor-source'; sources: Array<{ deviceId: string; label: string }> }
  | { available: false; reason: string }

/** PulseAudio and PipeWire name the capture side of each output "Monitor of <output>". */
const isMonitor = (d: { kind: string; label: string }) => d.kind === 'audioinput' && /\bmonitor\b/i.test(d.label)

/**
 * `support` is the desktop app's answer (null in a browser); `inputs` the page's audio devices, whose
 * labels appear once microphone access was granted.
 */
export function systemAudioChoice(support: SystemAudioSupport | null, inputs: ReadonlyArray<{ deviceId: string; kind: string; label: string }>): SystemAudioChoice {
  if (!support) return { available: false, reason: 'Recording the system audio needs the desktop app.' }
  if (support.kind === 'unsupported') return { available: false, reason: support.reason }
  if (support.kind === 'loopback') return { available: true, kind: 'loopback' }
  const sources = inputs.filter(isMonitor).map((d) => ({ deviceId: d.deviceId, label: d.label }))
  if (sources.length) return { available: true, kind: 'monitor-source', sources }
  const unnamed = inputs.some((d) => d.kind === 'audioinput' && !d.label)
  return {
    available: false,
    reason: unnamed
      ? 'Record once with the microphone so the input names appear, then pick the "Monitor of …" source of your speakers.'
      : 'No PulseAudio or PipeWire monitor source was found ("Monitor of …" in pavucontrol): the system audio cannot be recorded here.',
  }
}
