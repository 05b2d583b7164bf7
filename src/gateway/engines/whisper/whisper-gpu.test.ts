import { describe, expect, it } from 'vitest'
import { whisperUsesGpu } from './whisper-native-binding'

describe('whisperUsesGpu', () => {
  it('uses Metal on macOS arm64, whose installed binding has it, unless engines.gpu is off or names another backend', () => {
    expect(whisperUsesGpu('auto', 'darwin', 'arm64')).toBe(true)
    expect(whisperUsesGpu('metal', 'darwin', 'arm64')).toBe(true)
    expect(whisperUsesGpu('off', 'darwin', 'arm64')).toBe(false)
    expect(whisperUsesGpu('vulkan', 'darwin', 'arm64')).toBe(false)
  })

  it('stays on the CPU where only the CPU binding is installed (Linux, Windows, Intel macOS)', () => {
    expect(whisperUsesGpu('auto', 'linux', 'x64')).toBe(false)
    expect(whisperUsesGpu('vulkan', 'win32', 'x64')).toBe(false)
    expect(whisperUsesGpu('auto', 'darwin', 'x64')).toBe(false)
  })
})
