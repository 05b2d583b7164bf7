import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../test/support/temp-dirs'
import { autostartEntry, autostartFile, linuxLoginItem } from './login-item'

describe('start at login on Linux (XDG autostart)', () => {
  const tempHome = useTempDirs('gh-home-')

  it('writes and removes the autostart entry where XDG says', () => {
    const home = tempHome()
    const file = autostartFile({}, home)
    expect(file).toBe(join(home, '.config', 'autostart', 'gatehouse.desktop'))
    expect(autostartFile({ XDG_CONFIG_HOME: '/x' }, home)).toBe('/x/autostart/gatehouse.desktop')
    const item = linuxLoginItem(file, '/opt/Gatehouse/gatehouse')
    expect(item.get()).toBe(false)
    item.set(true)
    expect(item.get()).toBe(true)
    expect(readFileSync(file, 'utf8')).toContain('Exec=/opt/Gatehouse/gatehouse --hidden\n')
    item.set(false)
    expect(existsSync(file)).toBe(false)
  })

  it('quotes a path with spaces or shell characters as the Desktop Entry spec asks', () => {
    expect(autostartEntry('/home/a b/Gatehouse.AppImage')).toContain('Exec="/home/a b/Gatehouse.AppImage" --hidden')
    expect(autostartEntry('/x/$HOME"q')).toContain('Exec="/x/\\$HOME\\"q" --hidden')
  })
})
