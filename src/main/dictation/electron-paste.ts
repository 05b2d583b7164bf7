import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { type Clipboard, nativeImage } from 'electron'
import { type ClipboardLike, pasteCommand, pasteText } from './paste-text'

/** How long the focused app gets to read the clipboard before it is given back. */
const SETTLE_MS = 300

/** Electron's clipboard as paste-text reads and writes it: text, HTML, RTF and an image survive dictation. */
export function electronClipboard(clipboard: Clipboard): ClipboardLike {
  return {
    read: () => {
      const image = clipboard.readImage()
      return { text: clipboard.readText(), html: clipboard.readHTML(), rtf: clipboard.readRTF(), image: image.isEmpty() ? null : image.toPNG() }
    },
    write: (s) => clipboard.write({ text: s.text, html: s.html || undefined, rtf: s.rtf || undefined, image: s.image ? nativeImage.createFromBuffer(s.image) : undefined }),
    writeText: (text) => clipboard.writeText(text),
    readText: () => clipboard.readText(),
  }
}

/**
 * Pastes dictated text into the focused app with the platform's paste keystroke, restoring the clipboard.
 * Where the keystroke cannot be sent (no xdotool, a pure Wayland session), the words are not lost: they
 * stay on the clipboard, and the error says so.
 */
export function pasteIntoFocusedApp(clipboard: Clipboard, platform: NodeJS.Platform): (text: string) => Promise<void> {
  const run = promisify(execFile)
  return async (text) => {
    try {
      await pasteText(text, {
        clipboard: electronClipboard(clipboard),
        sendPaste: async () => {
          const cmd = pasteCommand(platform)
          if (!cmd) throw new Error(`no paste keystroke can be sent on ${platform}`)
          await run(cmd.command, cmd.args)
        },
        settle: () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
      })
    } catch (e) {
      clipboard.writeText(text)
      throw new Error(`${(e as Error).message}; the text is on the clipboard, paste it yourself`)
    }
  }
}
