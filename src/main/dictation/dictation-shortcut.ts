/** How the dictation shortcut records: while it is held, or from one press to the next. */
export type DictationMode = 'hold' | 'toggle'

export interface ShortcutTimers {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

/**
 * The OS repeats a held key's press about every 30 to 50 ms after a first delay of up to ~600 ms; no repeat
 * for this long means the key was let go. (Electron's global shortcuts report presses only, never releases.)
 */
export const RELEASE_AFTER_MS = 700
/** In toggle mode, presses this close to the last are the key's own repeats, not a second press. */
export const REPEAT_WITHIN_MS = 700

/**
 * Turns a global shortcut's presses into start and stop: `hold` starts on the first press and stops once
 * the presses (the key's repeats) stop coming; `toggle` starts on a press and stops on the next one,
 * ignoring the repeats of a key held a little long. `now` and `timers` are injected, so tests drive time.
 */
export function createDictationShortcut(opts: { mode: DictationMode; onStart(): void; onStop(): void; now(): number; timers: ShortcutTimers }) {
  let recording = false
  let lastPress = -Infinity
  let release: unknown

  const stop = () => {
    if (!recording) return
    recording = false
    opts.onStop()
  }

  return {
    get recording() {
      return recording
    },
    press(): void {
      const now = opts.now()
      const repeat = now - lastPress < REPEAT_WITHIN_MS
      lastPress = now
      if (opts.mode === 'hold') {
        if (release !== undefined) opts.timers.clear(release)
        release = opts.timers.set(() => {
          release = undefined
          stop()
        }, RELEASE_AFTER_MS)
        if (!recording) {
          recording = true
          opts.onStart()
        }
        return
      }
      if (repeat) return
      if (recording) stop()
      else {
        recording = true
        opts.onStart()
      }
    },
    /** Stops a recording in progress (the shortcut was changed or the app quits). */
    cancel(): void {
      if (release !== undefined) opts.timers.clear(release)
      release = undefined
      stop()
    },
  }
}
