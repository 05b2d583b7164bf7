import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { missingTools } from '../../src/gateway/engines/engine-test-support'
import { useTempDirs } from './temp-dirs'

/** Debian tools the audio tests make their fixtures with; a test skips, naming them, when they are missing. */
export const AUDIO_TOOLS = ['espeak-ng', 'ffmpeg', 'ffprobe']
export const missingAudioTools = () => missingTools(AUDIO_TOOLS)
export const missingToolsReason = (missing: string[]) => `needs ${missing.join(', ')} (apt-get install espeak-ng ffmpeg) to make audio fixtures`

const CODEC_ARGS: Record<string, string[]> = { mp4: ['-c:a', 'aac'], m4a: ['-c:a', 'aac'], mpeg: ['-f', 'mp3'], mpga: ['-f', 'mp3'], webm: ['-c:a', 'libopus'], ogg: ['-c:a', 'libvorbis'] }

/**
 * The fixture makers of one test file, each fixture in a fresh folder (its file keeps its own name), all removed once
 * that file is done. Call it at the file's top level: the gateway's test files share their modules (`isolate: false`),
 * so a hook this module registered for itself would run after the first file that imported it, and never again.
 */
export function useAudioFixtures() {
  const dir = useTempDirs('gh-audio-', { afterFile: true })
  return {
    /** Spoken text as a WAV file, by espeak-ng. */
    speechWav(text: string): string {
      const out = join(dir(), 'speech.wav')
      execFileSync('espeak-ng', ['-w', out, text])
      return out
    },
    /** Converts audio to the container its extension names (mp3, ogg, webm, m4a, ...). */
    convert(input: string, ext: string, extraArgs: string[] = []): string {
      const out = join(dir(), `audio.${ext}`)
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', input, ...extraArgs, ...(CODEC_ARGS[ext] ?? []), out])
      return out
    },
    /** `seconds` of silence as a 16 kHz WAV. */
    silenceWav(seconds: number): string {
      const out = join(dir(), 'silence.wav')
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `anullsrc=r=16000:cl=mono`, '-t', String(seconds), out])
      return out
    },
    /** What ffprobe makes of audio bytes: the container and codec it decodes, and the duration. */
    probeAudio(bytes: Buffer, rawPcm16 = false): { format: string; codec: string; seconds: number } {
      const file = join(dir(), 'probe.bin')
      writeFileSync(file, bytes)
      const input = rawPcm16 ? ['-f', 's16le', '-ar', '24000', '-ac', '1', '-i', file] : ['-i', file]
      const out = execFileSync('ffprobe', ['-v', 'error', ...input, '-show_entries', 'format=format_name,duration:stream=codec_name', '-of', 'json'], { encoding: 'utf8' })
      const parsed = JSON.parse(out) as { format: { format_name: string; duration?: string }; streams: Array<{ codec_name: string }> }
      return { format: parsed.format.format_name, codec: parsed.streams[0]?.codec_name ?? '', seconds: Number(parsed.format.duration ?? 0) }
    },
  }
}

/** The duration ffprobe reads from a file, in seconds. */
export function probeSeconds(file: string): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], { encoding: 'utf8' }).trim())
}
