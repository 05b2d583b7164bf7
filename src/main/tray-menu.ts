import type { DictationIndicator } from './dictation/dictation-controller'
import type { GatewayState } from './gateway-supervisor'

/** The gateway as the app shows it: supervised by us, or a running `serve` we attached to. */
export type GatewayView = GatewayState | { kind: 'attached'; url: string; pid: number }

/** The parts of Electron's MenuItemConstructorOptions the tray uses (no electron import: tested without it). */
export interface TrayItem {
  label?: string
  type?: 'normal' | 'separator' | 'checkbox'
  enabled?: boolean
  checked?: boolean
  click?: () => void
}

export interface TrayActions {
  open(): void
  copyEndpoint(url: string): void
  setStartAtLogin(enabled: boolean): void
  setShareWithServe(enabled: boolean): void
  quit(): void
}

export interface TrayView {
  gateway: GatewayView
  startAtLogin: boolean
  /** null where there is no OS keychain: the secrets are in files anyway. */
  sharedWithServe: boolean | null
  /** Dictation's state; absent or idle shows nothing. */
  dictation?: DictationIndicator
}

const DICTATION_WORDS: Record<Exclude<DictationIndicator, 'idle'>, string> = { recording: 'Dictation: listening…', transcribing: 'Dictation: transcribing…' }

/** The tray's tooltip: dictation first while it runs (the small indicator), else the gateway. */
export function trayTooltip(view: TrayView): string {
  const dictation = view.dictation && view.dictation !== 'idle' ? `${DICTATION_WORDS[view.dictation]} | ` : ''
  return `Gatehouse: ${dictation}${describeGateway(view.gateway)}`
}

export function gatewayUrl(view: GatewayView): string | null {
  return view.kind === 'running' || view.kind === 'attached' ? view.url : null
}

/** One line for the tray's tooltip and first menu item, and the window's status page. */
export function describeGateway(view: GatewayView): string {
  switch (view.kind) {
    case 'starting':
      return 'Gateway starting…'
    case 'running':
      return `Gateway running at ${view.url}`
    case 'attached':
      return `Using the running serve (pid ${view.pid}) at ${view.url}`
    case 'restarting':
      return `Gateway stopped (${view.reason}); restarting in ${Math.ceil(view.delayMs / 1000)} s`
    case 'port-taken':
      return `Port ${view.port} is taken by another program; port ${view.suggestedPort} is free`
    case 'locked':
      return `Another Gatehouse owns this data dir${view.holderUrl ? ` at ${view.holderUrl}` : ''}`
    case 'failed':
      return `Gateway failed: ${view.message.split('\n')[0]}`
    case 'stopping':
      return view.inFlight ? `Gateway stopping: ${view.inFlight} request(s) finishing` : 'Gateway stopping…'
    case 'stopped':
      return 'Gateway stopped'
  }
}

export function trayMenu(view: TrayView, actions: TrayActions): TrayItem[] {
  const url = gatewayUrl(view.gateway)
  const dictating: TrayItem[] = view.dictation && view.dictation !== 'idle' ? [{ label: DICTATION_WORDS[view.dictation], enabled: false }] : []
  return [
    { label: describeGateway(view.gateway), enabled: false },
    ...dictating,
    { type: 'separator' },
    { label: 'Open Gatehouse', click: actions.open },
    { label: 'Copy endpoint URL', enabled: url !== null, click: () => url && actions.copyEndpoint(`${url}/v1`) },
    { type: 'separator' },
    { label: 'Start at login', type: 'checkbox', checked: view.startAtLogin, click: () => actions.setStartAtLogin(!view.startAtLogin) },
    {
      label: 'Share secrets with serve',
      type: 'checkbox',
      checked: view.sharedWithServe ?? true,
      enabled: view.sharedWithServe !== null,
      click: () => actions.setShareWithServe(!view.sharedWithServe),
    },
    { type: 'separator' },
    { label: 'Quit Gatehouse', click: actions.quit },
  ]
}
