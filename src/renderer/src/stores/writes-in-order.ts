/**
 * Changes to one thing (a team's models, an MCP server's teams) made faster than the gateway answers: the caller
 * shows each at once, computed from what the one before showed, and they go to the gateway one after another in
 * the order made, so a second click can neither undo the first nor overtake it. Once the last change queued for a
 * key has been answered (or refused), `readBack` shows the gateway's own state; a change with a later one behind it
 * reads nothing, so the screen does not step back through the states between. A refusal is thrown to its caller.
 */
export function writesInOrder(): (key: string, write: () => Promise<unknown>, readBack: () => Promise<unknown>) => Promise<void> {
  const lastWrite = new Map<string, Promise<unknown>>()
  return async (key, write, readBack) => {
    const mine = (lastWrite.get(key) ?? Promise.resolve()).catch(() => undefined).then(write)
    lastWrite.set(key, mine)
    let failure: { error: unknown } | null = null
    try {
      await mine
    } catch (error) {
      failure = { error }
    }
    if (lastWrite.get(key) === mine) {
      lastWrite.delete(key)
      await readBack()
    }
    if (failure) throw failure.error
  }
}
