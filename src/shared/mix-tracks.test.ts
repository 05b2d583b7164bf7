import { describe, expect, it } from 'vitest'
import { mixTracks, systemAudioSupport } from './mix-tracks'

describe('mixTracks', () => {
  it('sums the microphone and the system audio sample by sample, clipped to 16 bits, the shorter one silent past its end', () => {
    const mic = Int16Array.from([100, -200, 30000, -30000, 5])
    const system = Int16Array.from([50, 50, 10000, -10000])
    expect([...mixTracks(mic, system)]).toEqual([150, -150, 32767, -32768, 5])
    expect([...mixTracks(system, mic)]).toEqual([150, -150, 32767, -32768, 5])
    expect(mixTracks(new Int16Array(0), new Int16Array(0))).toHaveLength(0)
  })
})

describe('systemAudioSupport', () => {
  it('uses the loopback on Windows and macOS 13+, a monitor source on Linux, and says why not elsewhere', () => {
    expect(systemAudioSupport('win32', '10.0.22631')).toEqual({ kind: 'loopback' })
    expect(systemAudioSupport('darwin', '22.1.0')).toEqual({ kind: 'loopback' })
    expect(systemAudioSupport('darwin', '21.6.0')).toMatchObject({ kind: 'unsupported', reason: expect.stringContaining('macOS 13') })
    expect(systemAudioSupport('linux', '6.8.0')).toEqual({ kind: 'monitor-source' })
    expect(systemAudioSupport('freebsd', '14.0')).toMatchObject({ kind: 'unsupported' })
  })
})
