import { accessSync, constants } from 'node:fs'
import { createRequire } from 'node:module'
import { GatewayError } from '../../../shared/errors'

let resolved: string | undefined

/**
 * The ffmpeg executable shipped in the npm package @ffmpeg-installer/<platform>-<arch>. The app
 * never uses an ffmpeg from the system. Inside a packaged Electron app the binary lives in
 * app.asar.unpacked, since an executable cannot run from inside the asar archive.
 */
export function ffmpegBinaryPath(override?: string): string {
  if (override) return override
  if (resolved) return resolved
  let path: string
  try {
    path = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path
  } catch (e) {
    throw new GatewayError({
      status: 503,
      type: 'api_error',
      code: 'ffmpeg_missing',
      message:
        `No ffmpeg binary is installed for ${process.platform}-${process.arch} ` +
        `(install @ffmpeg-installer/${process.platform}-${process.arch}): ${e instanceof Error ? e.message : String(e)}`,
    })
  }
  path = path.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1')
  try {
    accessSync(path, constants.X_OK)
  } catch {
    throw new GatewayError({ status: 503, type: 'api_error', code: 'ffmpeg_missing', message: `The ffmpeg binary at ${path} is not executable.` })
  }
  resolved = path
  return path
}
