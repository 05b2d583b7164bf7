/**
 * Reads of the same state overlap: a page's own, the one after each change, one for a filter, page or team picked
 * while another is on its way. On a slow gateway an older read can answer last, and shown, it would undo what the
 * user sees: a model just turned off for a team showed on again (and the next click turned it off once more), a
 * list filtered one way showed another's rows. Each read begins here and shows its answer, or its error, only
 * while it is still the newest begun.
 */
export function newestReads(): () => () => boolean {
  let newest = 0
  return () => {
    const read = ++newest
    return () => read === newest
  }
}

/** The same, kept apart per key (a collection's documents): a read of one key never hides another's. */
export function newestReadsByKey(): (key: string) => () => boolean {
  const newest = new Map<string, number>()
  let reads = 0
  return (key) => {
    const read = ++reads
    newest.set(key, read)
    return () => newest.get(key) === read
  }
}
