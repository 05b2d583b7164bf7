import { describe, expect, it } from 'vitest'
import { testStore } from '../test/fake-gateway-api'
import { recordingsOf } from './recordings-slice'

describe('recordings slice', () => {
  it('keeps recordings newest first, searches them, and separates the studio from the speech history', async () => {
    const { store } = testStore()
    const s = () => store.getState()
    const rec = await s().startStudioRecording({ title: 'Standup', sample_rate: 16000 })
    expect(s().recordings.list.map((r) => r.id)).toEqual([rec.id])
    const chunked = await s().appendStudioChunk(rec.id, 0, new Int16Array(16000))
    expect(chunked.duration).toBe(1)
    expect(s().recordings.list[0]!.duration).toBe(1)
    const spoken = await s().uploadStudioRecording(new Blob(['x'], { type: 'audio/wav' }), { filename: 'speech.wav', title: 'Hello there', source: 'speech' })
    expect(recordingsOf(s().recordings.list, 'studio').map((r) => r.title)).toEqual(['Standup'])
    expect(recordingsOf(s().recordings.list, 'speech').map((r) => r.id)).toEqual([spoken.id])

    await s().updateRecording(rec.id, { transcript: { text: 'the tide turns', segments: [] } })
    await s().loadRecordings('TIDE')
    expect(s().recordings.list.map((r) => r.title)).toEqual(['Standup'])
    s().selectRecording(rec.id)
    await s().deleteRecording(rec.id)
    expect(s().recordings).toMatchObject({ list: [], selectedId: null })
  })
})
