import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../test/fake-gateway-api'

describe('uploading in the file manager (issue 22)', () => {
  it('sends a PDF as user_data without reading it as JSONL, and still checks a batch file first', async () => {
    const api = fakeGatewayApi()
    const sent: { name: string; purpose: string | undefined }[] = []
    api.uploadFileWithProgress = async (_key, file, onProgress, _signal, purpose) => {
      sent.push({ name: file.name, purpose })
      onProgress(1)
      return { id: `file-${sent.length}`, object: 'file', bytes: file.size, created_at: 1, filename: file.name, purpose: purpose ?? 'batch' } as never
    }
    api.listFiles = async () => ({ object: 'list', data: [], first_id: null, last_id: null, has_more: false }) as never
    const { store } = testStore(api)
    await store.getState().uploadFile(new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00, 0x9c])], 'report.pdf', { type: 'application/pdf' }))
    await store.getState().uploadFile(new File(['not json\n'], 'bad.jsonl'))
    expect(sent).toEqual([{ name: 'report.pdf', purpose: 'user_data' }])
    const [bad, pdf] = store.getState().files.uploads
    expect(pdf).toMatchObject({ name: 'report.pdf', state: 'done', message: null })
    expect(bad).toMatchObject({ name: 'bad.jsonl', state: 'refused' })
  })
})
