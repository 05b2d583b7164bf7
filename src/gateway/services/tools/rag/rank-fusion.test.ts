import { describe, expect, it } from 'vitest'
import { reciprocalRankFusion } from './rank-fusion'

describe('reciprocal rank fusion', () => {
  it('ranks what both lists agree on first, then by rank', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['c', 'a', 'd'],
    ])
    expect(fused.map((f) => f.id)).toEqual(['a', 'c', 'b', 'd'])
    expect(fused[0]!.score).toBeCloseTo(1 / 61 + 1 / 62)
  })

  it('keeps a single list in its order', () => {
    expect(reciprocalRankFusion([['x', 'y']]).map((f) => f.id)).toEqual(['x', 'y'])
  })
})
