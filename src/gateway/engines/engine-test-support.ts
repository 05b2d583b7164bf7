/**
 * Helpers for the engine tests only: where the shared test models live, and which Debian tools
 * (used to make audio fixtures at run time) are missing.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** A path under shared/ (models and fixtures), which sits beside the repository. */
export const sharedPath = (...parts: string[]): string => join(repoRoot, '..', 'shared', ...parts)

export const TEST_WHISPER_MODEL = sharedPath('models', 'whisper', 'for-tests-ggml-tiny.bin')
export const TEST_WHISPER_MODEL_SHA256 = 'c486fb9f14a28b1c1dc252741a431646cc573450c900b9d9c406e10294aa01e6'
export const TEST_VAD_MODEL = sharedPath('models', 'vad', 'for-tests-silero-v6.2.0-ggml.bin')
export const JFK_WAV = sharedPath('fixtures', 'audio', 'jfk.wav')

/** The tools of `names` that are not on PATH. */
export function missingTools(names: string[]): string[] {
  return names.filter((name) => spawnSync(name, ['--version'], { stdio: 'ignore' }).error !== undefined)
}
