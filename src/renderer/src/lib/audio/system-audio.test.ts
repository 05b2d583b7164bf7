import { describe, expect, it } from 'vitest'
import { systemAudioChoice } from './system-audio'

const mic = { deviceId: 'mic-1', kind: 'audioinput', label: 'Built-in Microphone' }
const monitor = { deviceId: 'mon-1', kind: 'audioinput', label: 'Monitor of Built-in Audio Analog Stereo' }

describe('"Include system audio" in the recorder', () => {
  it('offers loopback on Windows and macOS 13+, and the monitor sources on Linux', () => {
    expect(systemAudioChoice({ kind: 'loopback' }, [mic])).toEqual({ available: true, kind: 'loopback' })
    expect(systemAudioChoice({ kind: 'monitor-source' }, [mic, monitor, { deviceId: 'out', kind: 'audiooutput', label: 'Monitor speakers' }])).toEqual({
      available: true,
      kind: 'monitor-source',
      sources: [{ deviceId: 'mon-1', label: 'Monitor of Built-in Audio Analog Stereo' }],
    })
  })

  it('says why not in the browser, on an old macOS, and on Linux without a monitor source', () => {
    expect(systemAudioChoice(null, [mic])).toEqual({ available: false, reason: 'Recording the system audio needs the desktop app.' })
    expect(systemAudioChoice({ kind: 'unsupported', reason: 'Recording the system audio needs macOS 13 or later.' }, [])).toEqual({ available: false, reason: 'Recording the system audio needs macOS 13 or later.' })
    expect(systemAudioChoice({ kind: 'monitor-source' }, [mic])).toMatchObject({ available: false, reason: expect.stringContaining('No PulseAudio or PipeWire monitor source') })
    expect(systemAudioChoice({ kind: 'monitor-source' }, [{ deviceId: 'x', kind: 'audioinput', label: '' }])).toMatchObject({ available: false, reason: expect.stringContaining('Record once with the microphone') })
  })
})
