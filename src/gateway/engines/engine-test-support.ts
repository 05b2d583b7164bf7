/**
 * Helpers for the engine tests only: where the shared test models live, and which Debian tools
 * (used to make audio fixtures at run time) are missing.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** A path under shared/ (models and fixtures), which sits beside the repository. */
export const sharedPath = (...parts: string[]): string => join(repoRoot, '..', 'shared', ...parts)

export const TEST_WHISPER_MODEL = sharedPath('models', 'whisper', 'for-tests-ggml-tiny.bin')
export const TEST_WHISPER_MODEL_SHA256 = 'c486fb9f14a28b1c1dc252741a431646cc573450c900b9d9c406e10294aa01e6'

/** The order of the int32 hparams after the magic in whisper.cpp's ggml model header. */
const WHISPER_HPARAMS = ['n_vocab', 'n_audio_ctx', 'n_audio_state', 'n_audio_head', 'n_audio_layer', 'n_text_ctx', 'n_text_state', 'n_text_head', 'n_text_layer'] as const
const NARROW_HPARAMS: Partial<Record<(typeof WHISPER_HPARAMS)[number], number>> = {
  n_audio_state: 64,
  n_audio_head: 1,
  n_audio_layer: 1,
  n_text_state: 64,
  n_text_head: 1,
  n_text_layer: 1,
}

/**
 * The test model narrowed to one layer of width 64 in each stack, with tiny's vocabulary, mel filters and
 * context lengths: its header's hparams rewritten (the file holds no tensors, so whisper.cpp builds them
 * empty at that size). whisper.cpp runs the same pipeline on it (encoder, language detection, a decoder that
 * never meets an end token) in under a second, against ~20 s of CPU for tiny's shape on the scalar
 * Linux x64 build. For the tests of everything around whisper.cpp. Tiny's real shape stays where it matters: the
 * contract test of the whole pipeline, the engine's cancellation test and the audio studio's progress-and-Cancel
 * test (calls that must last long enough to watch and cancel).
 * Written once under node_modules/.cache (atomically: test files run in parallel), rewritten if it differs.
 */
export function narrowWhisperTestModel(): string {
  const bytes = readFileSync(TEST_WHISPER_MODEL)
  for (const [name, value] of Object.entries(NARROW_HPARAMS)) bytes.writeInt32LE(value, 4 + 4 * WHISPER_HPARAMS.indexOf(name as (typeof WHISPER_HPARAMS)[number]))
  const dir = join(repoRoot, 'node_modules', '.cache', 'gatehouse-test-models')
  const path = join(dir, 'for-tests-ggml-narrow.bin')
  if (existsSync(path) && readFileSync(path).equals(bytes)) return path
  mkdirSync(dir, { recursive: true })
  const partial = `${path}.${process.pid}.part`
  writeFileSync(partial, bytes)
  renameSync(partial, path)
  return path
}

export const TEST_VAD_MODEL = sharedPath('models', 'vad', 'for-tests-silero-v6.2.0-ggml.bin')
export const JFK_WAV = sharedPath('fixtures', 'audio', 'jfk.wav')

/** The tools of `names` that are not on PATH. */
export function missingTools(names: string[]): string[] {
  return names.filter((name) => spawnSync(name, ['--version'], { stdio: 'ignore' }).error !== undefined)
}
