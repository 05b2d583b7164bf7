import { describe, expect, it } from 'vitest'
import { createDesktopApi, DESKTOP_CHANNELS } from './desktop-api'

const NAMED = [
  'appVersion',
  'dictationFailed',
  'dictationFinished',
  'dictationSettings',
  'gatewayInfo',
  'gatewaySettings',
  'onDictationCommand',
  'openExternal',
  'openFileDialog',
  'revealInFolder',
  'saveFileDialog',
  'setDictationSettings',
  'setGatewayPort',
  'systemAudioSupport',
  'takeFirstRunKey',
]
const noSubscriptions = () => () => undefined

describe('the preload surface (window.gatehouse)', () => {
  it('is exactly the named functions, each on its own channel with only its own arguments', async () => {
    const calls: unknown[][] = []
    const api = createDesktopApi(async (...args) => {
      calls.push(args)
      return null
    }, noSubscriptions)
    expect(Object.keys(api).sort()).toEqual(NAMED)
    expect(Object.values(api).every((f) => typeof f === 'function')).toBe(true)
    expect(Object.keys(DESKTOP_CHANNELS).sort()).toEqual(NAMED)
    expect(new Set(Object.values(DESKTOP_CHANNELS)).size).toBe(NAMED.length)

    await api.gatewayInfo()
    await api.revealInFolder('/tmp/x')
    await api.openExternal('https://example.com')
    await api.setGatewayPort(4311)
    await api.openFileDialog()
    await api.saveFileDialog({ defaultName: 'a.json', data: '{}' })
    await api.dictationFinished('hello there')
    await api.setDictationSettings({ enabled: true, shortcut: 'Alt+F9', mode: 'toggle', model: 'whisper', language: '' })
    expect(calls).toEqual([
      ['gatehouse:gateway-info'],
      ['gatehouse:reveal-in-folder', '/tmp/x'],
      ['gatehouse:open-external', 'https://example.com'],
      ['gatehouse:set-gateway-port', 4311],
      ['gatehouse:open-file-dialog', {}],
      ['gatehouse:save-file-dialog', { defaultName: 'a.json', data: '{}' }],
      ['gatehouse:dictation-finished', 'hello there'],
      ['gatehouse:set-dictation-settings', { enabled: true, shortcut: 'Alt+F9', mode: 'toggle', model: 'whisper', language: '' }],
    ])
  })

  it('hands the page only the dictation commands it knows, on the dictation channel, and lets it unsubscribe', () => {
    const subscribed: string[] = []
    let deliver: (message: unknown) => void = () => undefined
    let unsubscribed = false
    const api = createDesktopApi(
      async () => null,
      (channel, listener) => {
        subscribed.push(channel)
        deliver = listener
        return () => void (unsubscribed = true)
      },
    )
    const got: string[] = []
    const off = api.onDictationCommand((c) => got.push(c))
    deliver('start')
    deliver({ sender: 'an IPC event' })
    deliver('rm -rf')
    deliver('stop')
    off()
    expect(subscribed).toEqual(['gatehouse:dictation-command'])
    expect(got).toEqual(['start', 'stop'])
    expect(unsubscribed).toBe(true)
  })

  it('exposes nothing else from the preload: no ipcRenderer, no generic invoke, no process', async () => {
    const { readFileSync } = await import('node:fs')
    const source = readFileSync(new URL('./index.ts', import.meta.url), 'utf8')
    expect(source.match(/exposeInMainWorld/g)).toHaveLength(1)
    expect(source).not.toMatch(/process\.|ipcRenderer\.send/)
    // the one listener forwards the message alone, never the event (whose sender reaches ipcRenderer)
    expect(source.match(/ipcRenderer\.on\(/g)).toHaveLength(1)
    expect(source).toMatch(/\(_event: unknown, message: unknown\) => listener\(message\)/)
  })
})
