/** The constant of reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): 60 damps the weight of the very top ranks. */
export const RRF_K = 60

/** Merges ranked lists of ids: each id scores the sum of 1 / (k + rank) over the lists it appears in (rank from 1). */
export function reciprocalRankFusion<T>(lists: T[][], k = RRF_K): Array<{ id: T; score: number }> {
  const scores = new Map<T, number>()
  for (const list of lists) list.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)))
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score)
}
