import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../test/support/temp-dirs'
import { DEFAULT_DICTATION_SHORTCUT, DEFAULT_PORT, loadDesktopSettings, parseDictationSettings, parsePort, placeWindow, saveDesktopSettings, SETTINGS_FILE } from './desktop-settings'

const DICTATION_OFF = { enabled: false, shortcut: DEFAULT_DICTATION_SHORTCUT, mode: 'hold', model: '', language: '' }

const dir = useTempDirs('gh-settings-')

describe('desktop settings', () => {
  it('defaults, saves and reads back port and window placement', () => {
    const d = dir()
    expect(loadDesktopSettings(d)).toEqual({ port: DEFAULT_PORT, window: null, dictation: DICTATION_OFF })
    const settings = {
      port: 4420,
      window: { x: 10, y: 20, width: 1200, height: 800, maximized: true },
      dictation: { enabled: true, shortcut: 'Alt+F9', mode: 'toggle' as const, model: 'whisper-small', language: 'de' },
    }
    saveDesktopSettings(d, settings)
    expect(loadDesktopSettings(d)).toEqual(settings)
  })

  it('keeps the good fields of a damaged file', () => {
    const d = dir()
    writeFileSync(join(d, SETTINGS_FILE), JSON.stringify({ port: 4999, window: { x: 'left' }, dictation: { enabled: 'yes' } }))
    expect(loadDesktopSettings(d)).toEqual({ port: 4999, window: null, dictation: DICTATION_OFF })
    writeFileSync(join(d, SETTINGS_FILE), '{"port": 49')
    expect(loadDesktopSettings(d).port).toBe(DEFAULT_PORT)
  })

  it('checks a typed port and names the field', () => {
    expect(parsePort('4311')).toEqual({ port: 4311 })
    expect(parsePort(80)).toEqual({ error: 'port: must be a whole number from 1024 to 65535; got 80' })
    expect(parsePort('http')).toMatchObject({ error: expect.stringContaining('got "http"') })
  })
})

describe('dictation settings from the page', () => {
  it('keeps a shortcut with modifiers and a key, and names the field of what is wrong', () => {
    expect(parseDictationSettings({ enabled: true, shortcut: 'Ctrl + Shift + D', mode: 'hold', model: 'whisper', language: '' })).toEqual({
      dictation: { enabled: true, shortcut: 'Ctrl+Shift+D', mode: 'hold', model: 'whisper', language: '' },
    })
    expect(parseDictationSettings({ enabled: true, shortcut: 'D' })).toMatchObject({ error: expect.stringMatching(/^dictation\.shortcut: give one or more modifiers and a key.*got "D"$/) })
    expect(parseDictationSettings({ enabled: true, shortcut: 'Ctrl+Hyper+D' })).toMatchObject({ error: expect.stringContaining('dictation.shortcut') })
    expect(parseDictationSettings({ enabled: true, mode: 'push' })).toMatchObject({ error: expect.stringContaining('dictation.mode') })
    expect(parseDictationSettings({})).toEqual({ dictation: DICTATION_OFF })
  })
})

describe('window placement', () => {
  const laptop = { x: 0, y: 0, width: 1440, height: 900 }
  const external = { x: 1440, y: 0, width: 2560, height: 1440 }

  it('reopens where it was while that screen is there', () => {
    const saved = { x: 1600, y: 100, width: 1280, height: 840, maximized: false }
    expect(placeWindow(saved, [laptop, external])).toEqual(saved)
  })

  it('falls back to the default when its screen is gone, and shrinks to fit a smaller one', () => {
    expect(placeWindow({ x: 1600, y: 100, width: 1280, height: 840, maximized: false }, [laptop])).toBeUndefined()
    expect(placeWindow({ x: 0, y: 0, width: 2000, height: 1400, maximized: false }, [laptop])).toMatchObject({ width: 1440, height: 900 })
    expect(placeWindow(null, [laptop])).toBeUndefined()
  })
})
