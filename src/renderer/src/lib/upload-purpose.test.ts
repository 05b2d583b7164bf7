import { describe, expect, it } from 'vitest'
import { uploadPurposeOf } from './upload-purpose'

describe('uploadPurposeOf (issue 22: the file manager takes any file the Files API takes)', () => {
  it.each([
    [{ name: 'requests.jsonl', type: '' }, 'batch'],
    [{ name: 'x', type: 'application/jsonl' }, 'batch'],
    [{ name: 'scan.png', type: 'image/png' }, 'vision'],
    [{ name: 'report.pdf', type: 'application/pdf' }, 'user_data'],
    [{ name: 'memo.m4a', type: 'audio/mp4' }, 'user_data'],
  ] as const)('%o goes up as %s', (file, purpose) => {
    expect(uploadPurposeOf(file)).toBe(purpose)
  })
})
