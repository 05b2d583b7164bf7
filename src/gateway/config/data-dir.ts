import { homedir } from 'node:os'
import { join } from 'node:path'

type Env = Readonly<Record<string, string | undefined>>

/**
 * The per-user data dir. It is the folder Electron calls `userData` for an app named Gatehouse, so the
 * desktop app and `npm run serve` share keys, models and files.
 */
export function defaultDataDir(env: Env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Gatehouse')
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Gatehouse')
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'Gatehouse')
}
