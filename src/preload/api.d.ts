import type { SystemAudioSupport } from '../shared/mix-tracks'

/** What the preload exposes to the renderer as `window.gatehouse`: named functions only, no generic invoke. */
export interface GatewayInfo {
  url: string
  adminToken: string
}

export interface FirstRunKey {
  teamName: string
  key: string
}

export interface FileFilter {
  name: string
  extensions: string[]
}

export interface GatewaySettings {
  /** The port the desktop app's gateway listens on. */
  port: number
}

export interface DictationSettings {
  enabled: boolean
  /** An Electron accelerator, e.g. CommandOrControl+Shift+Space. */
  shortcut: string
  /** Record while the shortcut is held, or from one press to the next. */
  mode: 'hold' | 'toggle'
  /** Speech-to-text model; empty for the first the gateway offers. */
  model: string
  /** ISO-639-1 code; empty to detect. */
  language: string
}

export type DictationCommand = 'start' | 'stop'


/** How this machine can record the system's output (the other side of a call). */
export type { SystemAudioSupport }

export type SaveResult = { ok: true } | { ok: false; message: string }

export type SetPortResult = { ok: true } | { ok: false; message: string; suggestedPort?: number }

export interface GatehouseDesktopApi {
  gatewayInfo(): Promise<GatewayInfo>
  /** The first-run team key, handed out once and then forgotten by the main process. */
  takeFirstRunKey(): Promise<FirstRunKey | null>
  /** Native open dialog: the chosen paths (empty when cancelled), e.g. a model file to import by path. */
  openFileDialog(options?: { title?: string; filters?: FileFilter[]; multiple?: boolean }): Promise<string[]>
  /** Native save dialog, then writes `data` there: the path, or null when cancelled. */
  saveFileDialog(options: { defaultName: string; data: string | Uint8Array; filters?: FileFilter[] }): Promise<string | null>
  revealInFolder(path: string): Promise<void>
  appVersion(): Promise<string>
  /** Opens an http(s) or mailto link in the system browser; anything else is refused. */
  openExternal(url: string): Promise<void>
  gatewaySettings(): Promise<GatewaySettings>
  /** Saves the port and restarts the gateway on it; a taken port is refused with a free one to suggest. */
  setGatewayPort(port: number): Promise<SetPortResult>
  dictationSettings(): Promise<DictationSettings>
  /** Saves and (re)registers the global shortcut; a shortcut taken elsewhere is refused in words. */
  setDictationSettings(settings: DictationSettings): Promise<SaveResult>
  /** The shortcut's start and stop, for the page that records; returns the unsubscribe. */
  onDictationCommand(listener: (command: DictationCommand) => void): () => void
  /** The transcript of the dictation just recorded: pasted into the focused app. */
  dictationFinished(text: string): Promise<void>
  /** Recording or transcribing failed: the tray indicator goes back to idle. */
  dictationFailed(message: string): Promise<void>
  systemAudioSupport(): Promise<SystemAudioSupport>
}

declare global {
  interface Window {
    gatehouse?: GatehouseDesktopApi
  }
}
