import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * "Start at login". Electron does it on macOS and Windows (app.setLoginItemSettings); on Linux it is
 * an XDG autostart entry, ~/.config/autostart/gatehouse.desktop, pointing at the AppImage or binary.
 */
export interface LoginItemPort {
  get(): boolean
  set(enabled: boolean): void
}

export function autostartFile(env: Readonly<Record<string, string | undefined>>, home: string): string {
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'autostart', 'gatehouse.desktop')
}

/** The desktop entry; `exec` is the AppImage when the app runs from one (its mount path changes every start). */
export function autostartEntry(exec: string): string {
  const quoted = /[\s"'\\$`]/.test(exec) ? `"${exec.replace(/(["\\$`])/g, '\\$1')}"` : exec
  return ['[Desktop Entry]', 'Type=Application', 'Name=Gatehouse', 'Comment=Local AI gateway', `Exec=${quoted} --hidden`, 'X-GNOME-Autostart-enabled=true', 'Terminal=false', ''].join('\n')
}

export function linuxLoginItem(file: string, exec: string): LoginItemPort {
  return {
    get: () => existsSync(file),
    set(enabled) {
      if (!enabled) return rmSync(file, { force: true })
      mkdirSync(join(file, '..'), { recursive: true })
      writeFileSync(file, autostartEntry(exec), { mode: 0o644 })
    },
  }
}
