import { describe, expect, it } from 'vitest'
import { keepFreedBuffersForReuse, sweepArrayBuffersInPause } from './upload-memory'

describe('sweepArrayBuffersInPause', () => {
  it('sets the sweeping when node was given no setting of its own', () => {
    expect(sweepArrayBuffersInPause([], '')).toBe(true)
    expect(sweepArrayBuffersInPause(['--import', 'x.mjs', '--trace-gc'], '--max-old-space-size=512')).toBe(true)
  })

  it('leaves a setting passed to node alone, in any of its spellings, on the command line or in NODE_OPTIONS', () => {
    expect(sweepArrayBuffersInPause(['--concurrent-array-buffer-sweeping'])).toBe(false)
    expect(sweepArrayBuffersInPause(['--no-concurrent-array-buffer-sweeping'])).toBe(false)
    expect(sweepArrayBuffersInPause([], '--trace-gc --concurrent_array_buffer_sweeping')).toBe(false)
    expect(sweepArrayBuffersInPause(['--concurrent-array-buffer-sweeping=true'])).toBe(false)
  })
})

describe('keepFreedBuffersForReuse', () => {
  it('acts once per process, and only on Linux', () => {
    expect(keepFreedBuffersForReuse('darwin')).toBe(false)
    keepFreedBuffersForReuse('linux') // this process's first call, unless a blob was staged before it
    expect(keepFreedBuffersForReuse('linux')).toBe(false)
  })
})
