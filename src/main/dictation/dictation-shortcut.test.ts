import { describe, expect, it } from 'vitest'
import { createDictationShortcut, RELEASE_AFTER_MS, REPEAT_WITHIN_MS, type DictationMode } from './dictation-shortcut'

/** Timers on a hand-moved clock: `advance` fires what falls due. */
function fakeTime() {
  let now = 0
  let next = 0
  const due = new Map<number, { at: number; fn: () => void }>()
  return {
    now: () => now,
    timers: {
      set: (fn: () => void, ms: number) => (due.set(++next, { at: now + ms, fn }), next),
      clear: (h: unknown) => void due.delete(h as number),
    },
    advance(ms: number) {
      now += ms
      for (const [h, t] of [...due]) {
        if (t.at > now) continue
        due.delete(h)
        t.fn()
      }
    },
  }
}

function shortcut(mode: DictationMode) {
  const time = fakeTime()
  const events: string[] = []
  const s = createDictationShortcut({ mode, onStart: () => events.push('start'), onStop: () => events.push('stop'), now: time.now, timers: time.timers })
  return { s, time, events }
}

describe('dictation shortcut', () => {
  it('hold: records from the first press while the key repeats, and stops once the repeats stop', () => {
    const { s, time, events } = shortcut('hold')
    s.press()
    for (let i = 0; i < 20; i++) {
      time.advance(40)
      s.press()
    }
    expect(events).toEqual(['start'])
    time.advance(RELEASE_AFTER_MS - 1)
    expect(s.recording).toBe(true)
    time.advance(1)
    expect(events).toEqual(['start', 'stop'])
    s.press()
    expect(events).toEqual(['start', 'stop', 'start'])
  })

  it('toggle: a press starts, the next press stops, and the repeats of a long press are not a second press', () => {
    const { s, time, events } = shortcut('toggle')
    s.press()
    time.advance(40)
    s.press()
    time.advance(40)
    s.press()
    expect(events).toEqual(['start'])
    time.advance(5000)
    expect(s.recording).toBe(true)
    s.press()
    expect(events).toEqual(['start', 'stop'])
    time.advance(REPEAT_WITHIN_MS)
    s.press()
    expect(events).toEqual(['start', 'stop', 'start'])
  })

  it('cancel stops a recording in progress and leaves no timer behind', () => {
    const { s, time, events } = shortcut('hold')
    s.press()
    s.cancel()
    time.advance(RELEASE_AFTER_MS * 2)
    expect(events).toEqual(['start', 'stop'])
  })
})
