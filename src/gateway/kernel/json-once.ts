/**
 * A chat request's messages and tools are serialized by two consumers in the same turn of the event loop: the
 * credit hold measures them (services/credits/pricing.ts), then the OpenAI-compatible provider sends them
 * (providers/openai/openai-wire.ts). A coding agent resends its whole conversation each turn, and 64 kB of it took
 * ~170 µs to serialize; `keptJson` makes the text once and `takeJson` hands the same text on. The last few texts
 * are kept, by the identity of their value, only until taken (one no provider takes, e.g. for a request to an
 * Anthropic model, goes when four more are made): kept for a request's life (a WeakMap) they outlived
 * young-generation collections and cost the collector more than the serializing saved. Only for values nothing
 * changes in place, as a parsed request's messages and tools (a step that changes them builds new arrays).
 */
const KEPT = 4
const kept: Array<{ value: object; json: string }> = []

/** `JSON.stringify(value)`, kept for a `takeJson` of the same value. */
export function keptJson(value: object): string {
  for (const k of kept) if (k.value === value) return k.json
  const json = JSON.stringify(value)
  if (kept.push({ value, json }) > KEPT) kept.shift()
  return json
}

/** `JSON.stringify(value)`: the text `keptJson` made of this value when it still holds it (then no longer). */
export function takeJson(value: object): string {
  const i = kept.findIndex((k) => k.value === value)
  return i === -1 ? JSON.stringify(value) : kept.splice(i, 1)[0]!.json
}
