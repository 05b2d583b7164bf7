import { describe, expect, it } from 'vitest'
import type { DictationCommand } from '../../preload/api'
import type { DictationSettings } from '../desktop-settings'
import { createDictationController, type DictationIndicator } from './dictation-controller'
import { RELEASE_AFTER_MS } from './dictation-shortcut'

/** Electron's globalShortcut, the page and the tray as fakes; time moves by hand. */
function harness(opts: { taken?: string[]; page?: boolean; holdSupported?: boolean } = {}) {
  let now = 0
  const due = new Map<number, { at: number; fn: () => void }>()
  let next = 0
  const shortcuts = new Map<string, () => void>()
  const commands: DictationCommand[] = []
  const indicator: DictationIndicator[] = []
  const pasted: string[] = []
  const controller = createDictationController({
    globalShortcut: {
      register: (accelerator, cb) => !opts.taken?.includes(accelerator) && (shortcuts.set(accelerator, cb), true),
      unregister: (accelerator) => void shortcuts.delete(accelerator),
    },
    sendCommand: (c) => (opts.page === false ? false : (commands.push(c), true)),
    paste: async (text) => void pasted.push(text),
    setIndicator: (s) => void indicator.push(s),
    holdSupported: opts.holdSupported ?? true,
    now: () => now,
    timers: { set: (fn, ms) => (due.set(++next, { at: now + ms, fn }), next), clear: (h) => void due.delete(h as number) },
  })
  const advance = (ms: number) => {
    now += ms
    for (const [h, t] of [...due]) {
      if (t.at > now) continue
      due.delete(h)
      t.fn()
    }
  }
  const press = (accelerator: string) => shortcuts.get(accelerator)!()
  return { controller, shortcuts, commands, indicator, pasted, advance, press }
}

const on = (patch: Partial<DictationSettings> = {}): DictationSettings => ({ enabled: true, shortcut: 'Alt+F9', mode: 'hold', model: '', language: '', ...patch })

describe('dictation controller', () => {
  it('registers nothing while dictation is off (the default)', () => {
    const h = harness()
    expect(h.controller.apply({ ...on(), enabled: false })).toEqual({ ok: true })
    expect(h.shortcuts.size).toBe(0)
  })

  it('hold: the page records while the key is held, the tray shows it, and the transcript is pasted', async () => {
    const h = harness()
    h.controller.apply(on())
    h.press('Alt+F9')
    h.advance(40)
    h.press('Alt+F9')
    expect(h.commands).toEqual(['start'])
    expect(h.indicator).toEqual(['recording'])
    h.advance(RELEASE_AFTER_MS)
    expect(h.commands).toEqual(['start', 'stop'])
    expect(h.indicator).toEqual(['recording', 'transcribing'])
    await h.controller.finished('  hello world \n')
    expect(h.pasted).toEqual(['hello world'])
    expect(h.controller.state).toBe('idle')
  })

  it('toggle: a press starts, the next stops; silence pastes nothing', async () => {
    const h = harness()
    h.controller.apply(on({ mode: 'toggle' }))
    h.press('Alt+F9')
    h.advance(5000)
    h.press('Alt+F9')
    expect(h.commands).toEqual(['start', 'stop'])
    await h.controller.finished('')
    expect(h.pasted).toEqual([])
    expect(h.indicator.at(-1)).toBe('idle')
  })

  it('on macOS, where a held shortcut reports one press only, hold works as toggle instead of stopping at once', () => {
    const h = harness({ holdSupported: false })
    h.controller.apply(on({ mode: 'hold' }))
    h.press('Alt+F9')
    h.advance(RELEASE_AFTER_MS * 10)
    expect(h.commands).toEqual(['start'])
    h.press('Alt+F9')
    expect(h.commands).toEqual(['start', 'stop'])
  })

  it('refuses a shortcut another app holds, naming the field, and keeps none registered', () => {
    const h = harness({ taken: ['Ctrl+Space'] })
    expect(h.controller.apply(on({ shortcut: 'Ctrl+Space' }))).toEqual({ ok: false, message: expect.stringMatching(/^dictation\.shortcut: Ctrl\+Space is taken/) })
    expect(h.shortcuts.size).toBe(0)
  })

  it('settings from the page: a bad one is refused by field, a taken shortcut keeps the one in use', () => {
    const h = harness({ taken: ['Ctrl+Space'] })
    const current = on()
    h.controller.apply(current)
    expect(h.controller.change({ ...current, mode: 'push' }, current)).toMatchObject({ ok: false, message: expect.stringContaining('dictation.mode') })
    expect(h.controller.change({ ...current, shortcut: 'Ctrl+Space' }, current)).toMatchObject({ ok: false, message: expect.stringContaining('Ctrl+Space is taken') })
    expect([...h.shortcuts.keys()]).toEqual(['Alt+F9'])
    expect(h.controller.change({ ...current, shortcut: 'Alt + F10' }, current)).toEqual({ ok: true, dictation: { ...current, shortcut: 'Alt+F10' } })
    expect([...h.shortcuts.keys()]).toEqual(['Alt+F10'])
  })

  it('a new shortcut replaces the old one; turning dictation off stops a recording in progress', () => {
    const h = harness()
    h.controller.apply(on())
    h.controller.apply(on({ shortcut: 'Ctrl+Shift+D', mode: 'toggle' }))
    expect([...h.shortcuts.keys()]).toEqual(['Ctrl+Shift+D'])
    h.press('Ctrl+Shift+D')
    h.controller.apply({ ...on(), enabled: false })
    expect(h.commands).toEqual(['start', 'stop'])
    expect(h.shortcuts.size).toBe(0)
  })

  it('a failure in the page puts the indicator back and the next press starts afresh', () => {
    const h = harness()
    h.controller.apply(on({ mode: 'toggle' }))
    h.press('Alt+F9')
    h.controller.failed()
    expect(h.controller.state).toBe('idle')
    h.advance(1000)
    h.press('Alt+F9')
    expect(h.commands).toEqual(['start', 'start'])
  })

  it('without a page to record in, a press leaves the tray idle', async () => {
    const h = harness({ page: false })
    h.controller.apply(on({ mode: 'toggle' }))
    h.press('Alt+F9')
    await Promise.resolve()
    expect(h.indicator).toEqual([])
    expect(h.controller.state).toBe('idle')
  })
})
