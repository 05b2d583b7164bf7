import { describe, expect, it } from 'vitest'
import { describeGateway, type TrayActions, trayMenu, trayTooltip } from './tray-menu'

function recorder() {
  const calls: unknown[][] = []
  const actions: TrayActions = {
    open: () => calls.push(['open']),
    copyEndpoint: (url) => calls.push(['copy', url]),
    setStartAtLogin: (on) => calls.push(['login', on]),
    setShareWithServe: (on) => calls.push(['share', on]),
    quit: () => calls.push(['quit']),
  }
  return { calls, actions }
}
const item = (menu: ReturnType<typeof trayMenu>, label: string) => menu.find((i) => i.label === label)!

describe('tray menu', () => {
  it('shows the gateway state and copies the /v1 endpoint of a running gateway', () => {
    const { calls, actions } = recorder()
    const menu = trayMenu({ gateway: { kind: 'running', url: 'http://127.0.0.1:4310' }, startAtLogin: false, sharedWithServe: false }, actions)
    expect(menu[0]).toEqual({ label: 'Gateway running at http://127.0.0.1:4310', enabled: false })
    expect(menu.filter((i) => i.label).map((i) => i.label)).toEqual([
      'Gateway running at http://127.0.0.1:4310',
      'Open Gatehouse',
      'Copy endpoint URL',
      'Start at login',
      'Share secrets with serve',
      'Quit Gatehouse',
    ])
    item(menu, 'Copy endpoint URL').click!()
    item(menu, 'Start at login').click!()
    item(menu, 'Share secrets with serve').click!()
    item(menu, 'Quit Gatehouse').click!()
    expect(calls).toEqual([['copy', 'http://127.0.0.1:4310/v1'], ['login', true], ['share', true], ['quit']])
  })

  it('has nothing to copy while the gateway is down, and no sharing switch without a keychain', () => {
    const { actions } = recorder()
    const menu = trayMenu({ gateway: { kind: 'restarting', attempt: 2, delayMs: 2000, reason: 'the gateway exited (code 1)' }, startAtLogin: true, sharedWithServe: null }, actions)
    expect(menu[0]!.label).toBe('Gateway stopped (the gateway exited (code 1)); restarting in 2 s')
    expect(item(menu, 'Copy endpoint URL').enabled).toBe(false)
    expect(item(menu, 'Share secrets with serve')).toMatchObject({ enabled: false, checked: true })
    expect(item(menu, 'Start at login').checked).toBe(true)
  })

  it('describes every state in words', () => {
    expect(describeGateway({ kind: 'attached', url: 'http://127.0.0.1:4310', pid: 42 })).toBe('Using the running serve (pid 42) at http://127.0.0.1:4310')
    expect(describeGateway({ kind: 'port-taken', port: 4310, suggestedPort: 4311, message: '' })).toBe('Port 4310 is taken by another program; port 4311 is free')
    expect(describeGateway({ kind: 'stopping', inFlight: 2 })).toBe('Gateway stopping: 2 request(s) finishing')
  })
})

describe('dictation in the tray', () => {
  const gateway = { kind: 'running', url: 'http://127.0.0.1:4310' } as const
  it('shows listening and transcribing in the tooltip and the menu, and nothing while idle', () => {
    const { actions } = recorder()
    const idle = { gateway, startAtLogin: false, sharedWithServe: false, dictation: 'idle' } as const
    expect(trayTooltip(idle)).toBe('Gatehouse: Gateway running at http://127.0.0.1:4310')
    expect(trayMenu(idle, actions).some((i) => i.label?.startsWith('Dictation'))).toBe(false)

    const listening = { ...idle, dictation: 'recording' } as const
    expect(trayTooltip(listening)).toBe('Gatehouse: Dictation: listening… | Gateway running at http://127.0.0.1:4310')
    expect(trayMenu(listening, actions)[1]).toEqual({ label: 'Dictation: listening…', enabled: false })
    expect(trayTooltip({ ...idle, dictation: 'transcribing' })).toContain('Dictation: transcribing…')
  })
})
