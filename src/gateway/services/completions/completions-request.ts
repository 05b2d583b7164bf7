/**
 * The legacy `/v1/completions` body as far as the gateway reads it, and its local form: the prompt as
 * the one user message of a pivot request flagged `raw_prompt`, so a local model continues it without
 * its chat template (how base models such as stories260K are used).
 */
import type { ChatCompletionRequestBody } from '../../../shared/chat/types'
import { badRequest } from '../../../shared/errors'
import { describeValue } from '../../../shared/validation/describe-value'

export interface CompletionsRequest {
  model: string
  prompt: string
  suffix: string | null
  echo: boolean
  stream: boolean
  n: number
  /** Alternatives per token (0-5), or null for none. */
  logprobs: number | null
  maxTokens: number
  body: Record<string, unknown>
}

/** OpenAI's default for legacy completions. */
const DEFAULT_MAX_TOKENS = 16
const field = (path: string, problem: string) => badRequest(`${path} ${problem}`, path)

export function parseCompletionsRequest(body: unknown): CompletionsRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The body must be a JSON object with "model" and "prompt"', null, 'invalid_json')
  const b = body as Record<string, unknown>
  if (typeof b.model !== 'string' || b.model === '') throw field('model', `is required: name a model from GET /v1/models (got ${describeValue(b.model)})`)
  const prompt = b.prompt === undefined ? '<|endoftext|>' : Array.isArray(b.prompt) && b.prompt.length === 1 && typeof b.prompt[0] === 'string' ? b.prompt[0] : b.prompt
  if (typeof prompt !== 'string') throw field('prompt', `must be a string or an array of one string on this gateway (got ${describeValue(b.prompt)}); send one request per prompt`)
  const n = b.n ?? 1
  if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > 128) throw field('n', `must be an integer from 1 to 128 (got ${describeValue(b.n)})`)
  const logprobs = b.logprobs ?? null
  if (logprobs !== null && (!Number.isInteger(logprobs) || (logprobs as number) < 0 || (logprobs as number) > 5)) throw field('logprobs', `must be an integer from 0 to 5 or null (got ${describeValue(b.logprobs)})`)
  const maxTokens = b.max_tokens ?? DEFAULT_MAX_TOKENS
  if (!Number.isInteger(maxTokens) || (maxTokens as number) < 0) throw field('max_tokens', `must be an integer >= 0 (got ${describeValue(b.max_tokens)})`)
  if (b.suffix !== undefined && b.suffix !== null && typeof b.suffix !== 'string') throw field('suffix', `must be a string or null (got ${describeValue(b.suffix)})`)
  return { model: b.model, prompt, suffix: (b.suffix as string | null | undefined) ?? null, echo: b.echo === true, stream: b.stream === true, n: n as number, logprobs: logprobs as number | null, maxTokens: maxTokens as number, body: b }
}

/** The pivot request a local model continues raw (the caller sets `raw_prompt` on the parsed request). */
export function completionsToPivot(r: CompletionsRequest): ChatCompletionRequestBody {
  if (r.suffix) throw field('suffix', 'asks for fill-in-the-middle, which local models do not do here; remove suffix or pick an upstream model')
  const b = r.body
  const out: Record<string, unknown> = { model: r.model, messages: [{ role: 'user', content: r.prompt }], n: r.n }
  if (r.maxTokens > 0) out.max_completion_tokens = r.maxTokens
  for (const key of ['temperature', 'top_p', 'seed', 'frequency_penalty', 'presence_penalty', 'logit_bias', 'stop', 'user'] as const) {
    if (b[key] !== undefined && b[key] !== null) out[key] = b[key]
  }
  if (r.logprobs !== null) Object.assign(out, { logprobs: true, top_logprobs: r.logprobs })
  if (r.stream) Object.assign(out, { stream: true, stream_options: { include_usage: true } })
  // The chat service parses it, so a bad value is refused with the field named.
  return out as unknown as ChatCompletionRequestBody
}
