import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import getPort from 'get-port'
import { _electron, type ElectronApplication } from 'playwright-core'

const root = resolve(import.meta.dirname, '../..')

/** Electron's binary as the electron npm package installed it, if npm could download it. */
export function electronBinary(): string | undefined {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown
    return typeof path === 'string' && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

/** Why the Electron specs cannot run here, or null when they can. */
export function electronSkipReason(): string | null {
  if (!electronBinary()) return "Electron's binary is not installed here (npm could not download it from GitHub); the desktop app cannot be launched"
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return 'no display to open a window on (run under xvfb-run)'
  return null
}

let built = false
/** `npm run build` once per run: the specs launch the built app, as `npm start` does. */
export function buildOnce(): void {
  if (built) return
  execFileSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  built = true
}

const dataDirs: string[] = []

/** A fresh data dir (Electron's userData) with a free port in its desktop settings; see removeDataDirs. */
export async function freshDataDir(): Promise<{ dir: string; port: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'gh-electron-'))
  dataDirs.push(dir)
  const port = await getPort({ host: '127.0.0.1' })
  writeFileSync(join(dir, 'desktop-settings.json'), JSON.stringify({ port }))
  return { dir, port }
}

/** Removes the data dirs freshDataDir made, once the apps on them have quit. */
export function removeDataDirs(): void {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
}

export function launchApp(dataDir: string): Promise<ElectronApplication> {
  const args = [root, `--user-data-dir=${dataDir}`]
  if (process.getuid?.() === 0) args.push('--no-sandbox')
  return _electron.launch({ executablePath: electronBinary(), args, env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' } })
}
