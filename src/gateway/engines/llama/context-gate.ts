/**
 * node-llama-cpp decodes a context's sequences in one batch loop that holds the context's lock for as
 * long as any sequence has a decode queued. Requests that generate token after token keep it queued,
 * so a change to the KV cache (erasing a reused sequence's old tokens for a new prompt), which needs
 * that lock, would wait until every other request on the context has finished: a new request's first
 * token could wait seconds. Such a change goes through `exclusive`: while it waits, generating requests
 * pause at their next token, the batch loop runs dry and lets go of the lock, and they resume after it.
 */
import type { LlamaContext } from 'node-llama-cpp'

const gates = new WeakMap<LlamaContext, Promise<void>>()

/** What a generating request awaits before asking for its next token: nothing, unless a cache change is waiting. */
export const pauseFor = (context: LlamaContext): Promise<void> | undefined => gates.get(context)

/** Runs a change that needs the context's lock, pausing the context's generation meanwhile. */
export async function exclusive<T>(context: LlamaContext, change: () => Promise<T>): Promise<T> {
  const before = gates.get(context)
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  const chained = before ? Promise.all([before, gate]).then(() => undefined) : gate
  gates.set(context, chained)
  try {
    return await change()
  } finally {
    open()
    if (gates.get(context) === chained) gates.delete(context)
  }
}
