import { describe, expect, it } from 'vitest'
import { StopText } from './stop-text'

describe('StopText', () => {
  it('releases text at once when no stop sequence can be forming', () => {
    const s = new StopText<number>(['END'])
    expect(s.push('Hello', [1])).toEqual({ text: 'Hello', items: [1] })
    expect(s.push(' world', [2])).toEqual({ text: ' world', items: [2] })
    expect(s.flush()).toEqual({ text: '', items: [] })
  })

  it('holds back a possible start of a stop sequence, then releases it when it is not one', () => {
    const s = new StopText<number>(['END'])
    expect(s.push('go E', [1])).toEqual({ text: 'go ', items: [] })
    expect(s.push('N', [2])).toEqual({ text: '', items: [] })
    expect(s.push('Dless', [3])).toEqual({ text: '', items: [] })
    expect(s.stopped).toEqual({ stop: 'END' })
    expect(s.text).toBe('go ')
  })

  it('releases held text and its items once it diverges from every stop sequence', () => {
    const s = new StopText<number>(['END'])
    s.push('a E', [1])
    expect(s.push('x', [2])).toEqual({ text: 'Ex', items: [1, 2] })
  })

  it('finds a stop sequence spread over several pieces and drops the pieces it cuts', () => {
    const s = new StopText<string>(['\n\n', 'STOP'])
    const out = [s.push('one ST', ['a']), s.push('O', ['b']), s.push('P two', ['c'])]
    expect(out.map((r) => r.text).join('')).toBe('one ')
    expect(s.text).toBe('one ')
    expect(s.push('more', ['d'])).toEqual({ text: '', items: [] })
  })

  it('flushes what was held when the generation ends', () => {
    const s = new StopText<number>(['###'])
    s.push('x #', [1])
    expect(s.flush()).toEqual({ text: '#', items: [1] })
  })
})
