import { describe, expect, it } from 'vitest'
import { codeLanguages, languagesReady, loadMarkdownExtras, mayHaveMath } from './markdown-extras'

describe('markdown extras', () => {
  it('names the languages of fenced code that have a grammar, by the name the answer used', () => {
    const text = ['```py', 'print(1)', '```', '~~~ TS', 'let x = 1', '~~~', '```nosuchlang', 'x', '```', '```', 'plain', '```', '`inline` code'].join('\n')
    expect(codeLanguages(text)).toEqual(['py', 'ts'])
  })

  it('wants KaTeX only for text that may hold math', () => {
    expect(mayHaveMath('The price went up.')).toBe(false)
    expect(mayHaveMath('Area: $\\pi r^2$.')).toBe(true)
    expect(mayHaveMath('$$\nE = mc^2\n$$')).toBe(true)
  })

  it('loads only the grammars an answer names', async () => {
    expect(languagesReady(['rust', 'go'])).toBe(false)
    await loadMarkdownExtras('```rs\nfn main() {}\n```')
    expect(languagesReady(['rs', 'rust'])).toBe(true)
    expect(languagesReady(['go'])).toBe(false)
  })
})
