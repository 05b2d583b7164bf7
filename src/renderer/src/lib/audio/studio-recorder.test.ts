import { describe, expect, it } from 'vitest'
import type { RecordingInfo } from '../../../../shared/recording-wire'
import { STUDIO_SAMPLE_RATE } from './pcm'
import { StudioRecorder, type SystemAudioSource } from './studio-recorder'

/** A capture context that only records whether it runs. */
const context = () => ({ suspend: async () => undefined, resume: async () => undefined }) as unknown as AudioContext

/** The gateway's recordings as the recorder's deps see them: chunks kept per recording. */
function gateway() {
  const recordings = new Map<string, { title?: string; chunks: Int16Array[]; state: string }>()
  return {
    recordings,
    startRecording: async (body: { title?: string }) => {
      const id = `rec-${recordings.size + 1}`
      recordings.set(id, { title: body.title, chunks: [], state: 'recording' })
      return { id, title: body.title } as RecordingInfo
    },
    appendRecordingChunk: async (id: string, _seq: number, samples: Int16Array) => {
      recordings.get(id)!.chunks.push(samples)
      return { id } as RecordingInfo
    },
    updateRecording: async (id: string, patch: { state?: string }) => {
      if (patch.state) recordings.get(id)!.state = patch.state
      return { id, state: patch.state } as RecordingInfo
    },
  }
}

const second = (value: number) => new Int16Array(STUDIO_SAMPLE_RATE).fill(value)
const all = (chunks: Int16Array[]) => chunks.flatMap((c) => [...c])

describe('the studio recorder with system audio', () => {
  it('keeps the mix of microphone and system audio as the recording, and the system audio alone beside it', async () => {
    const g = gateway()
    let mic: (s: Int16Array) => void = () => undefined
    let system: (s: Int16Array) => void = () => undefined
    const closed: string[] = []
    const source: SystemAudioSource = { open: async (onSamples) => ((system = onSamples), { context: context(), close: () => void closed.push('system') }) }
    const recorder = new StudioRecorder({
      ...g,
      onChange: () => undefined,
      openMicrophone: async (onSamples) => ((mic = onSamples), { context: context(), close: () => void closed.push('mic') }),
    })
    await recorder.start({ title: 'Call with Ana', systemAudio: source })
    expect(recorder.snapshot.status).toBe('recording')
    mic(second(100))
    system(second(-40))
    mic(second(30000))
    system(second(30000))
    mic(new Int16Array(800).fill(7))
    const done = await recorder.stop()

    expect(done?.id).toBe('rec-1')
    expect(closed).toEqual(['mic', 'system'])
    const [main, alone] = [g.recordings.get('rec-1')!, g.recordings.get('rec-2')!]
    expect(alone.title).toBe('Call with Ana (system audio)')
    expect([main.state, alone.state]).toEqual(['complete', 'complete'])
    const mixed = all(main.chunks)
    expect(mixed).toHaveLength(2 * STUDIO_SAMPLE_RATE + 800)
    expect([mixed[0], mixed[STUDIO_SAMPLE_RATE], mixed.at(-1)]).toEqual([60, 32767, 7])
    const sys = all(alone.chunks)
    expect(sys).toHaveLength(mixed.length)
    expect([sys[0], sys[STUDIO_SAMPLE_RATE], sys.at(-1)]).toEqual([-40, 30000, 0])
  })

  it('without system audio it records the microphone alone into one recording', async () => {
    const g = gateway()
    let mic: (s: Int16Array) => void = () => undefined
    const recorder = new StudioRecorder({ ...g, onChange: () => undefined, openMicrophone: async (onSamples) => ((mic = onSamples), { context: context(), close: () => undefined }) })
    await recorder.start({ title: 'Memo' })
    mic(second(5))
    await recorder.stop()
    expect([...g.recordings.keys()]).toEqual(['rec-1'])
    expect(all(g.recordings.get('rec-1')!.chunks)).toEqual([...second(5)])
    expect(recorder.snapshot.systemRecording).toBeNull()
  })

  it('a system audio source that cannot open stops the start and says how to record the microphone alone', async () => {
    const g = gateway()
    const recorder = new StudioRecorder({ ...g, onChange: () => undefined, openMicrophone: async () => ({ context: context(), close: () => undefined }) })
    await recorder.start({ title: 'x', systemAudio: { open: async () => Promise.reject(new Error('Permission denied by system')) } })
    expect(recorder.snapshot).toMatchObject({ status: 'idle', error: expect.stringContaining('Turn off "Include system audio"') })
    expect(g.recordings.size).toBe(0)
  })
})
