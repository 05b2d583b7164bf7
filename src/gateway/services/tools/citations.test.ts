import { describe, expect, it } from 'vitest'
import { citeSources } from './citations'

const sources = [
  { title: 'Cats', url: 'https://cats.example/' },
  { title: 'Dogs', url: 'https://dogs.example/' },
]
const spans = (content: string) => citeSources(content, sources).map((a) => [content.slice(a.url_citation.start_index, a.url_citation.end_index), a.url_citation.title])

describe('citations', () => {
  it('cites the sentence each marker closes, marker included', () => {
    const content = 'Paris has many cats [1]. Dogs prefer Lyon [2]. Both like rain.'
    expect(spans(content)).toEqual([
      ['Paris has many cats [1]', 'Cats'],
      ['Dogs prefer Lyon [2]', 'Dogs'],
    ])
  })

  it('handles markers after the full stop, several numbers in one marker, and line breaks', () => {
    const content = 'Intro line\nCats sleep on roofs.[1] Both animals like parks [1, 2].'
    expect(spans(content)).toEqual([
      ['Cats sleep on roofs.[1]', 'Cats'],
      ['Both animals like parks [1, 2]', 'Cats'],
      ['Both animals like parks [1, 2]', 'Dogs'],
    ])
  })

  it('starts after an earlier marker in the same sentence', () => {
    expect(spans('Cats [1] and dogs [2] are pets.')).toEqual([
      ['Cats [1]', 'Cats'],
      ['and dogs [2]', 'Dogs'],
    ])
  })

  it('ignores numbers that name no source', () => {
    expect(spans('See [7]. Cats [1].')).toEqual([['Cats [1]', 'Cats']])
  })

  it('cites every source over the whole answer when the model cites none', () => {
    const content = 'An answer without markers.'
    expect(citeSources(content, sources).map((a) => [a.url_citation.start_index, a.url_citation.end_index])).toEqual([
      [0, content.length],
      [0, content.length],
    ])
    expect(citeSources('', sources)).toEqual([])
  })
})
