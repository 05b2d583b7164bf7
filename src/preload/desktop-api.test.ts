import { describe, expect, it } from 'vitest'
import { createDesktopApi, DESKTOP_CHANNELS } from './desktop-api'

const NAMED = ['appVersion', 'gatewayInfo', 'gatewaySettings', 'openExternal', 'openFileDialog', 'revealInFolder', 'saveFileDialog', 'setGatewayPort', 'takeFirstRunKey']

describe('the preload surface (window.gatehouse)', () => {
  it('is exactly the named functions, each on its own channel with only its own arguments', async () => {
    const calls: unknown[][] = []
    const api = createDesktopApi(async (...args) => {
      calls.push(args)
      return null
    })
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
    expect(calls).toEqual([
      ['gatehouse:gateway-info'],
      ['gatehouse:reveal-in-folder', '/tmp/x'],
      ['gatehouse:open-external', 'https://example.com'],
      ['gatehouse:set-gateway-port', 4311],
      ['gatehouse:open-file-dialog', {}],
      ['gatehouse:save-file-dialog', { defaultName: 'a.json', data: '{}' }],
    ])
  })

  it('exposes nothing else from the preload: no ipcRenderer, no generic invoke, no process', async () => {
    const { readFileSync } = await import('node:fs')
    const source = readFileSync(new URL('./index.ts', import.meta.url), 'utf8')
    expect(source.match(/exposeInMainWorld/g)).toHaveLength(1)
    expect(source).not.toMatch(/process\.|ipcRenderer\.(send|on)\b/)
  })
})
