/** The key part of an Electron accelerator for a KeyboardEvent.key, or null for a modifier or an unusable key. */
function acceleratorKey(key: string, code: string): string | null {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3)
  if (/^Digit[0-9]$/.test(code)) return code.slice(5)
  if (/^F([1-9]|1[0-9]|2[0-4])$/.test(key)) return key
  const named: Record<string, string> = { ' ': 'Space', Enter: 'Enter', Tab: 'Tab', Backspace: 'Backspace', Delete: 'Delete', Insert: 'Insert', Home: 'Home', End: 'End', PageUp: 'PageUp', PageDown: 'PageDown', ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right' }
  return named[key] ?? null
}

/**
 * The Electron accelerator for a key pressed with its modifiers (Ctrl+Shift+D, Alt+F9), or null while
 * only modifiers are down or no modifier is (a bare key would be taken from every other app). Ctrl on
 * Windows/Linux and Cmd on macOS are both written CommandOrControl, so a setting moves between machines.
 */
export function acceleratorFor(e: { key: string; code: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): string | null {
  const key = acceleratorKey(e.key, e.code)
  const mods = [e.ctrlKey || e.metaKey ? 'CommandOrControl' : null, e.altKey ? 'Alt' : null, e.shiftKey ? 'Shift' : null].filter(Boolean)
  if (!key || !mods.length) return null
  return [...mods, key].join('+')
}

/** An accelerator as the user's keyboard shows it. */
export function describeAccelerator(accelerator: string, isMac: boolean): string {
  return accelerator.replace(/CommandOrControl|CmdOrCtrl/g, isMac ? 'Cmd' : 'Ctrl').replace(/\+/g, ' + ')
}
