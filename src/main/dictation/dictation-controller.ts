import type { DictationCommand } from '../../preload/api'
import { type DictationSettings, parseDictationSettings } from '../desktop-settings'
import { createDictationShortcut, type ShortcutTimers } from './dictation-shortcut'

/** What the tray shows about dictation. */
export type DictationIndicator = 'idle' | 'recording' | 'transcribing'

export interface DictationPorts {
  /** Electron's `globalShortcut`, or a fake in tests. */
  globalShortcut: { register(accelerator: string, callback: () => void): boolean; unregister(accelerator: string): void }
  /** Tells the gateway page to start or stop recording; false when there is no page to tell. */
  sendCommand(command: DictationCommand): boolean
  paste(text: string): Promise<void>
  setIndicator(state: DictationIndicator): void
  /**
   * False on macOS, where a held global shortcut reports its first press only, never the key's repeats
   * (electron/electron#39718): there is no telling when it is let go, so `hold` works as `toggle`.
   */
  holdSupported: boolean
  now(): number
  timers: ShortcutTimers
}

export type ApplyResult = { ok: true } | { ok: false; message: string }

/**
 * Dictation in the main process: the global shortcut (registered while dictation is on) starts and stops
 * the page's recording, the tray shows it, and the page's transcript is pasted into the focused app.
 */
export function createDictationController(ports: DictationPorts) {
  let registered: string | null = null
  let shortcut: ReturnType<typeof createDictationShortcut> | null = null
  let state: DictationIndicator = 'idle'

  const indicate = (next: DictationIndicator) => {
    state = next
    ports.setIndicator(next)
  }

  const release = () => {
    shortcut?.cancel()
    shortcut = null
    if (registered) ports.globalShortcut.unregister(registered)
    registered = null
  }

  return {
    get state() {
      return state
    },
    /** (Re)registers the shortcut for these settings; a shortcut another app holds is refused in words. */
    apply(settings: DictationSettings): ApplyResult {
      release()
      if (!settings.enabled) return { ok: true }
      const next = createDictationShortcut({
        mode: ports.holdSupported ? settings.mode : 'toggle',
        now: ports.now,
        timers: ports.timers,
        onStart: () => {
          if (ports.sendCommand('start')) indicate('recording')
          else queueMicrotask(() => next.cancel())
        },
        onStop: () => {
          if (state !== 'recording') return
          indicate('transcribing')
          if (!ports.sendCommand('stop')) indicate('idle')
        },
      })
      if (!ports.globalShortcut.register(settings.shortcut, () => next.press())) {
        return { ok: false, message: `dictation.shortcut: ${settings.shortcut} is taken by the system or another app; choose another key combination.` }
      }
      registered = settings.shortcut
      shortcut = next
      return { ok: true }
    },
    /**
     * Settings sent by the page: checked, then registered; when the new shortcut cannot be had, the one
     * in use stays registered and the answer says why. The caller keeps what comes back as `dictation`.
     */
    change(value: unknown, current: DictationSettings): { ok: true; dictation: DictationSettings } | { ok: false; message: string } {
      const parsed = parseDictationSettings(value)
      if ('error' in parsed) return { ok: false, message: parsed.error }
      const applied = this.apply(parsed.dictation)
      if (applied.ok) return { ok: true, dictation: parsed.dictation }
      this.apply(current)
      return applied
    },
    /** The page's transcript of the last recording: pasted into the app that has the focus. */
    async finished(text: unknown): Promise<void> {
      indicate('idle')
      if (typeof text !== 'string') throw new Error('text: must be the transcript (a string)')
      const trimmed = text.trim()
      if (trimmed) await ports.paste(trimmed)
    },
    /** The page could not record or transcribe: nothing to paste, the indicator goes back. */
    failed(): void {
      indicate('idle')
      shortcut?.cancel()
    },
    dispose(): void {
      release()
      indicate('idle')
    },
  }
}

export type DictationController = ReturnType<typeof createDictationController>
