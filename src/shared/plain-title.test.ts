import { describe, expect, it } from 'vitest'
import { plainTitle } from './plain-title'

describe('plainTitle (issue 22: conversation titles showed raw Markdown)', () => {
  it.each([
    ['# Summarise **this** report', 'Summarise this report'],
    ['Explain `Array.prototype.map` in _plain_ words', 'Explain Array.prototype.map in plain words'],
    ['> quoted\n- item one', 'quoted item one'],
    ['See [the docs](https://example.com) and ![chart](x.png)', 'See the docs and chart'],
    ['~~old~~ new', 'old new'],
    ['2 * 3 * 4 = 24, snake_case_name', '2 * 3 * 4 = 24, snake_case_name'],
  ])('%j reads %j', (md, plain) => {
    expect(plainTitle(md)).toBe(plain)
  })
})
