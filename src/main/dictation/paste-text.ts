/** What the clipboard held, in the formats Electron can read back and write again. */
export interface ClipboardSnapshot {
  text: string
  html: string
  rtf: string
  /** PNG bytes of an image on the clipboard, if any. */
  image: Buffer | null
}

/** The clipboard as dictation needs it (Electron's `clipboard`, or a fake in tests). */
export interface ClipboardLike {
  read(): ClipboardSnapshot
  write(snapshot: ClipboardSnapshot): void
  writeText(text: string): void
  readText(): string
}

/**
 * Puts dictated text into the focused app: the clipboard is saved, the text put on it, the app's paste
 * keystroke sent, and, once the app has had time to read it, the clipboard given back as it was, unless
 * something else was copied meanwhile (then that stays). `settle` waits for the app to paste.
 */
export async function pasteText(text: string, deps: { clipboard: ClipboardLike; sendPaste(): Promise<void>; settle(): Promise<void> }): Promise<void> {
  const saved = deps.clipboard.read()
  deps.clipboard.writeText(text)
  try {
    await deps.sendPaste()
    await deps.settle()
  } finally {
    if (deps.clipboard.readText() === text) deps.clipboard.write(saved)
  }
}

/** The command that sends the platform's paste keystroke to the focused window. */
export function pasteCommand(platform: NodeJS.Platform): { command: string; args: string[] } | null {
  switch (platform) {
    case 'darwin':
      return { command: 'osascript', args: ['-e', 'tell application "System Events" to keystroke "v" using command down'] }
    case 'win32':
      return { command: 'powershell.exe', args: ['-NoProfile', '-NonInteractive', '-Command', "Add-Type -AssemblyName System.Windows.Forms; [System.Windows.Forms.SendKeys]::SendWait('^v')"] }
    case 'linux':
      // X11 (and XWayland windows); a pure Wayland session needs wtype instead
      return { command: 'xdotool', args: ['key', '--clearmodifiers', 'ctrl+v'] }
    default:
      return null
  }
}
