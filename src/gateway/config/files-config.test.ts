import { describe, expect, it } from 'vitest'
import { baseConfigData } from '../../../test/support/harness'
import { configProblems } from '../../../test/support/config-problems'
import { resolveConfig } from './load-config'

const resolve = (overrides: Record<string, unknown>) => resolveConfig(baseConfigData(overrides), 'test.yaml', {})
const issues = (overrides: Record<string, unknown>) => configProblems(baseConfigData(overrides))

describe('files and batches config', () => {
  it('defaults to a 512 MB upload limit, 30 days of retention and 4 batch lines at once', () => {
    const config = resolve({})
    expect(config.files).toEqual({ maxUploadBytes: 512 * 1024 * 1024, retentionSeconds: 30 * 86400 })
    expect(config.batches).toEqual({ concurrency: 4 })
  })

  it('reads sizes and durations', () => {
    const config = resolve({ files: { max_upload: '2gb', retention: '7d' }, batches: { concurrency: 16 } })
    expect(config.files).toEqual({ maxUploadBytes: 2 * 1024 ** 3, retentionSeconds: 7 * 86400 })
    expect(config.batches.concurrency).toBe(16)
  })

  it('names the bad field', () => {
    expect(issues({ files: { max_upload: 'huge' } })).toEqual([expect.stringMatching(/^files\.max_upload: must be a size such as "32mb"/)])
    expect(issues({ files: { retention: '10s' } })).toEqual([expect.stringMatching(/^files\.retention: must be at least one minute/)])
    expect(issues({ files: { keep: true } })).toEqual([expect.stringMatching(/^files: unknown field "keep"/)])
    expect(issues({ batches: { concurrency: 0 } })).toEqual([expect.stringMatching(/^batches\.concurrency: must be at least 1/)])
  })
})
