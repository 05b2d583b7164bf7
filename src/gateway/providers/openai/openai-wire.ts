import { createHash } from 'node:crypto'
import { takeJson } from '../../kernel/json-once'
import type {
  ChatCompletion,
  ChatCompletionChoice,
  ChatCompletionChunk,
  ChatCompletionRequest,
  ServiceTier,
  Usage,
} from '../../../shared/chat/types'

/** Gateway-only fields that never go upstream (`store` and `metadata` are kept here, not there). */
const GATEWAY_ONLY = new Set(['deprecated', 'store', 'metadata', 'stream', 'stream_options', 'model', 'raw_prompt'])

/** Sent after the other fields, as the text the credit hold made of them when it still holds it (kernel/json-once.ts). */
const MADE_BY_THE_HOLD = new Set(['messages', 'tools'])

/** The body sent to an OpenAI-compatible upstream. A stream always asks for usage, so it can be billed. */
export function toOpenAiBody(req: ChatCompletionRequest, upstreamModel: string, stream: boolean): string {
  const body: Record<string, unknown> = { model: upstreamModel }
  for (const [k, v] of Object.entries(req)) if (!GATEWAY_ONLY.has(k) && !MADE_BY_THE_HOLD.has(k) && v !== undefined) body[k] = v
  if (stream) {
    body.stream = true
    body.stream_options = { include_usage: true }
  }
  const tools = req.tools === undefined ? '' : `,"tools":${takeJson(req.tools)}`
  return `${JSON.stringify(body).slice(0, -1)},"messages":${takeJson(req.messages)}${tools}}`
}

export function normalizeUsage(raw: Partial<Usage> | null | undefined): Usage {
  const prompt = raw?.prompt_tokens ?? 0
  const completion = raw?.completion_tokens ?? 0
  const c = raw?.completion_tokens_details
  const p = raw?.prompt_tokens_details
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: raw?.total_tokens ?? prompt + completion,
    completion_tokens_details: {
      accepted_prediction_tokens: c?.accepted_prediction_tokens ?? 0,
      audio_tokens: c?.audio_tokens ?? 0,
      reasoning_tokens: c?.reasoning_tokens ?? 0,
      rejected_prediction_tokens: c?.rejected_prediction_tokens ?? 0,
    },
    prompt_tokens_details: { audio_tokens: p?.audio_tokens ?? 0, cached_tokens: p?.cached_tokens ?? 0 },
  }
}

/** `service_tier` appears only when the request set it, and `auto` is reported as `default` (spec 2.3). */
export function reportedTier(requested: ServiceTier | undefined, upstream: unknown): ServiceTier | undefined {
  if (requested === undefined) return undefined
  const tier = (typeof upstream === 'string' ? upstream : requested) as ServiceTier
  return tier === 'auto' ? 'default' : tier
}

/**
 * Fingerprints made so far, by provider then upstream model: a hash per request was 1-2 % of a proxied chat
 * request's CPU, and a key joined from the two (a fresh string to hash on every lookup) still ~0.2 µs.
 * Bounded, for a gateway whose models keep changing.
 */
const fingerprints = new Map<string, Map<string, string>>()
let fingerprintCount = 0

/** `system_fingerprint` for a model that does not report one: stable per provider and upstream model. */
export function fingerprint(providerId: string, upstreamModel: string): string {
  let ofProvider = fingerprints.get(providerId)
  let fp = ofProvider?.get(upstreamModel)
  if (fp === undefined) {
    fp = `fp_${createHash('sha256').update(`${providerId}/${upstreamModel}`).digest('hex').slice(0, 10)}`
    if (fingerprintCount >= 1000) {
      fingerprints.clear()
      fingerprintCount = 0
      ofProvider = undefined
    }
    if (!ofProvider) fingerprints.set(providerId, (ofProvider = new Map()))
    ofProvider.set(upstreamModel, fp)
    fingerprintCount++
  }
  return fp
}

type RawMessage = Partial<ChatCompletionChoice['message']> & { reasoning?: unknown }
type RawChoice = Omit<Partial<ChatCompletionChoice>, 'message'> & { message?: RawMessage }

/** The reasoning an upstream put beside the answer, by either name it goes by. */
function reasoningOf(m: { reasoning_content?: unknown; reasoning?: unknown }): string | undefined {
  const r = m.reasoning_content ?? m.reasoning
  return typeof r === 'string' && r !== '' ? r : undefined
}

/** An upstream's chat.completion brought to exactly the shape of spec 2.3. */
export function normalizeCompletion(raw: Record<string, unknown>, opts: { modelName: string; requestedTier?: ServiceTier; fingerprint: string }): ChatCompletion {
  const choices = ((raw.choices ?? []) as RawChoice[]).map((c, i): ChatCompletionChoice => {
    const m: RawMessage = c.message ?? {}
    const reasoning = reasoningOf(m)
    // Optional members assigned in the order they are written, where spreading each made two objects.
    const message: ChatCompletionChoice['message'] = { role: 'assistant', content: m.content ?? null, refusal: m.refusal ?? null }
    if (m.tool_calls?.length) message.tool_calls = m.tool_calls
    if (m.function_call) message.function_call = m.function_call
    if (m.audio) message.audio = m.audio
    if (m.annotations) message.annotations = m.annotations
    if (reasoning !== undefined) message.reasoning_content = reasoning
    return { index: c.index ?? i, message, finish_reason: c.finish_reason ?? 'stop', logprobs: c.logprobs ?? { content: null, refusal: null } }
  })
  const tier = reportedTier(opts.requestedTier, raw.service_tier)
  const id = typeof raw.id === 'string' ? raw.id : `chatcmpl-${Date.now()}`
  const created = typeof raw.created === 'number' ? raw.created : Math.floor(Date.now() / 1000)
  const model = opts.modelName
  const fp = typeof raw.system_fingerprint === 'string' ? raw.system_fingerprint : opts.fingerprint
  const usage = normalizeUsage(raw.usage as Partial<Usage> | undefined)
  return tier
    ? { id, object: 'chat.completion', created, model, choices, service_tier: tier, system_fingerprint: fp, usage }
    : { id, object: 'chat.completion', created, model, choices, system_fingerprint: fp, usage }
}

/** An upstream chunk with our model name; usage is left for the pipeline to place. */
export function normalizeChunk(raw: Record<string, unknown>, opts: { modelName: string; requestedTier?: ServiceTier; fingerprint: string }): ChatCompletionChunk {
  const tier = reportedTier(opts.requestedTier, raw.service_tier)
  return {
    id: String(raw.id ?? ''),
    object: 'chat.completion.chunk',
    created: typeof raw.created === 'number' ? raw.created : Math.floor(Date.now() / 1000),
    model: opts.modelName,
    choices: (raw.choices ?? []) as ChatCompletionChunk['choices'],
    ...(tier ? { service_tier: tier } : {}),
    system_fingerprint: typeof raw.system_fingerprint === 'string' ? raw.system_fingerprint : opts.fingerprint,
    usage: raw.usage ? normalizeUsage(raw.usage as Partial<Usage>) : null,
  }
}

const CHOICES = '"choices":['

/**
 * Where an upstream chunk's `choices` array is in its text (from its `[` to just after its `]`), when it can be
 * cut out without a parse: every other member holds a scalar (id, object, created, model, service_tier,
 * system_fingerprint, obfuscation...), no bracket comes before the one `"choices":[` of the text, and the array
 * ends the object or is followed at once by the next member. Null otherwise (whitespace, nesting, a member
 * holding an object): the chunk is then serialized as usual.
 */
export function choicesSpan(text: string, raw: Record<string, unknown>): [number, number] | null {
  if (!Array.isArray(raw.choices)) return null
  let afterChoices = false
  let next: string | undefined
  for (const key in raw) {
    if (key === 'choices') afterChoices = true
    else if (raw[key] !== null && typeof raw[key] === 'object') return null
    else if (afterChoices) next ??= key
  }
  const start = text.indexOf(CHOICES)
  if (start < 1 || text.indexOf(CHOICES, start + 1) !== -1) return null
  const before = text.charCodeAt(start - 1)
  if (before !== 0x7b && before !== 0x2c) return null // { or ,
  const bracket = text.indexOf('[')
  const brace = text.indexOf('{', 1)
  if (bracket < start + CHOICES.length - 1 || (brace !== -1 && brace < start)) return null
  let end: number
  if (next === undefined) {
    if (!text.endsWith(']}')) return null
    end = text.length - 1
  } else {
    end = text.lastIndexOf(`],${JSON.stringify(next)}:`) + 1
    if (end <= start) return null
  }
  return [start + CHOICES.length - 1, end]
}

/**
 * Writes a stream's normalized chunks as `JSON.stringify` writes them without their usage, each with its
 * `choices` given as JSON text; the members around them are made once while they stay the same.
 */
export function chunkJsonWriter(): (chunk: ChatCompletionChunk, choices: string) => string {
  let head = ''
  let tail = ''
  let headOf: readonly unknown[] = []
  let tailOf: readonly unknown[] = []
  return (chunk, choices) => {
    if (chunk.id !== headOf[0] || chunk.created !== headOf[1] || chunk.model !== headOf[2]) {
      headOf = [chunk.id, chunk.created, chunk.model]
      head = `{"id":${JSON.stringify(chunk.id)},"object":"chat.completion.chunk","created":${JSON.stringify(chunk.created)},"model":${JSON.stringify(chunk.model)},"choices":`
    }
    if (chunk.service_tier !== tailOf[0] || chunk.system_fingerprint !== tailOf[1]) {
      tailOf = [chunk.service_tier, chunk.system_fingerprint]
      tail = `${chunk.service_tier === undefined ? '' : `,"service_tier":${JSON.stringify(chunk.service_tier)}`},"system_fingerprint":${JSON.stringify(chunk.system_fingerprint)}}`
    }
    return head + choices + tail
  }
}
