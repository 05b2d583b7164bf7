import { describe, expect, it } from 'vitest'
import { pasteCommand, pasteText, type ClipboardLike, type ClipboardSnapshot } from './paste-text'

/** A clipboard in memory, with what the focused app pasted. */
function fakeClipboard(start: ClipboardSnapshot) {
  let held = { ...start }
  const clipboard: ClipboardLike = {
    read: () => ({ ...held }),
    write: (s) => void (held = { ...s }),
    writeText: (text) => void (held = { text, html: '', rtf: '', image: null }),
    readText: () => held.text,
  }
  return { clipboard, held: () => held }
}

const copied: ClipboardSnapshot = { text: 'what the user copied', html: '<b>what the user copied</b>', rtf: '', image: Buffer.from([0x89, 0x50]) }

describe('pasteText', () => {
  it('pastes the text into the focused app and gives the clipboard back as it was, every format', async () => {
    const c = fakeClipboard(copied)
    const pasted: string[] = []
    await pasteText('Dictated words.', { clipboard: c.clipboard, sendPaste: async () => void pasted.push(c.clipboard.readText()), settle: async () => undefined })
    expect(pasted).toEqual(['Dictated words.'])
    expect(c.held()).toEqual(copied)
  })

  it('leaves what was copied meanwhile, and restores even when the paste fails', async () => {
    const c = fakeClipboard(copied)
    await pasteText('Dictated.', { clipboard: c.clipboard, sendPaste: async () => undefined, settle: async () => c.clipboard.writeText('copied while pasting') })
    expect(c.held().text).toBe('copied while pasting')

    const d = fakeClipboard(copied)
    await expect(pasteText('Dictated.', { clipboard: d.clipboard, sendPaste: () => Promise.reject(new Error('no xdotool')), settle: async () => undefined })).rejects.toThrow('no xdotool')
    expect(d.held()).toEqual(copied)
  })

  it('sends the platform’s paste keystroke', () => {
    expect(pasteCommand('darwin')!.args.join(' ')).toContain('keystroke "v" using command down')
    expect(pasteCommand('linux')).toEqual({ command: 'xdotool', args: ['key', '--clearmodifiers', 'ctrl+v'] })
    expect(pasteCommand('win32')!.args.join(' ')).toContain("SendWait('^v')")
    expect(pasteCommand('aix')).toBeNull()
  })
})
