import { isPlainObject, parseJsonText } from './json-text'

/**
 * Every request parameter of spec 2.1 that the side panel edits, with its range. Values are kept as
 * the text the person typed ('' = not sent), so a half-typed number stays on screen with its error.
 */
export type ParamName =
  | 'temperature' | 'top_p' | 'seed' | 'frequency_penalty' | 'presence_penalty' | 'logit_bias'
  | 'max_completion_tokens' | 'n' | 'stop'
  | 'stream' | 'include_usage' | 'logprobs' | 'top_logprobs' | 'modalities' | 'audio_voice' | 'audio_format' | 'prediction'
  | 'reasoning_effort' | 'verbosity' | 'thinking_type' | 'thinking_budget'
  | 'service_tier' | 'fallbacks' | 'api' | 'store' | 'metadata' | 'parallel_tool_calls' | 'max_tokens'

export type ParamKind = 'number' | 'integer' | 'enum' | 'switch' | 'lines' | 'json' | 'text'
export type ParamGroup = 'Sampling' | 'Length' | 'Output' | 'Reasoning' | 'Routing' | 'Deprecated'

export interface ParamSpec {
  name: ParamName
  label: string
  kind: ParamKind
  group: ParamGroup
  /** Shown under the field: range and default, in spec terms. */
  hint: string
  min?: number
  max?: number
  step?: number
  options?: readonly string[]
}

export type ParamValues = Partial<Record<ParamName, string>>
export type ParamErrors = Partial<Record<ParamName, string>>

export const VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'sage', 'shimmer', 'verse'] as const
export const AUDIO_FORMATS = ['wav', 'mp3', 'flac', 'opus', 'pcm16'] as const
const SWITCH = ['true', 'false'] as const

export const PARAM_SPECS: readonly ParamSpec[] = [
  { name: 'temperature', label: 'Temperature', kind: 'number', group: 'Sampling', min: 0, max: 2, step: 0.05, hint: '0 to 2 · default 1' },
  { name: 'top_p', label: 'Top P', kind: 'number', group: 'Sampling', min: 0, max: 1, step: 0.01, hint: '0 to 1 · default 1' },
  { name: 'frequency_penalty', label: 'Frequency penalty', kind: 'number', group: 'Sampling', min: -2, max: 2, step: 0.1, hint: '-2 to 2 · default 0' },
  { name: 'presence_penalty', label: 'Presence penalty', kind: 'number', group: 'Sampling', min: -2, max: 2, step: 0.1, hint: '-2 to 2 · default 0' },
  { name: 'seed', label: 'Seed', kind: 'integer', group: 'Sampling', hint: 'integer · best effort' },
  { name: 'logit_bias', label: 'Logit bias', kind: 'json', group: 'Sampling', hint: '{"token id": -100 to 100}' },
  { name: 'max_completion_tokens', label: 'Max completion tokens', kind: 'integer', group: 'Length', min: 1, hint: 'integer ≥ 1 · reasoning included' },
  { name: 'n', label: 'Choices (n)', kind: 'integer', group: 'Length', min: 1, max: 128, hint: '1 to 128 · default 1' },
  { name: 'stop', label: 'Stop sequences', kind: 'lines', group: 'Length', max: 4, hint: 'one per line · up to 4 · \\n for a newline' },
  { name: 'stream', label: 'Stream', kind: 'switch', group: 'Output', options: SWITCH, hint: 'server-sent events' },
  { name: 'include_usage', label: 'Usage in stream', kind: 'switch', group: 'Output', options: SWITCH, hint: 'stream_options.include_usage' },
  { name: 'logprobs', label: 'Logprobs', kind: 'switch', group: 'Output', options: SWITCH, hint: 'hover a token to see them' },
  { name: 'top_logprobs', label: 'Top logprobs', kind: 'integer', group: 'Output', min: 0, max: 20, hint: '0 to 20 · needs logprobs' },
  { name: 'modalities', label: 'Modalities', kind: 'enum', group: 'Output', options: ['text', 'text,audio'], hint: 'default text' },
  { name: 'audio_voice', label: 'Voice', kind: 'enum', group: 'Output', options: VOICES, hint: 'audio.voice · with audio' },
  { name: 'audio_format', label: 'Audio format', kind: 'enum', group: 'Output', options: AUDIO_FORMATS, hint: 'audio.format · with audio' },
  { name: 'prediction', label: 'Predicted output', kind: 'text', group: 'Output', hint: 'prediction.content' },
  { name: 'reasoning_effort', label: 'Reasoning effort', kind: 'enum', group: 'Reasoning', options: ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'], hint: 'none to max' },
  { name: 'verbosity', label: 'Verbosity', kind: 'enum', group: 'Reasoning', options: ['low', 'medium', 'high'], hint: 'low, medium, high' },
  { name: 'thinking_type', label: 'Thinking', kind: 'text', group: 'Reasoning', hint: 'thinking.type, e.g. enabled' },
  { name: 'thinking_budget', label: 'Thinking budget', kind: 'integer', group: 'Reasoning', min: 0, hint: 'thinking.budget_tokens · integer' },
  { name: 'parallel_tool_calls', label: 'Parallel tool calls', kind: 'switch', group: 'Routing', options: SWITCH, hint: 'default on' },
  { name: 'service_tier', label: 'Service tier', kind: 'enum', group: 'Routing', options: ['auto', 'default', 'flex', 'scale', 'priority'], hint: 'default auto' },
  { name: 'fallbacks', label: 'Fallbacks', kind: 'switch', group: 'Routing', options: SWITCH, hint: '?fallbacks= · default: team setting' },
  { name: 'api', label: 'API', kind: 'enum', group: 'Routing', options: ['chat.completions', 'responses'], hint: 'send through /v1/responses · default chat' },
  { name: 'store', label: 'Store output', kind: 'switch', group: 'Routing', options: SWITCH, hint: 'store' },
  { name: 'metadata', label: 'Metadata', kind: 'json', group: 'Routing', hint: '{"key": "string value"}' },
  { name: 'max_tokens', label: 'Max tokens', kind: 'integer', group: 'Deprecated', min: 1, hint: 'deprecated: use max completion tokens' },
]

export const PARAM_GROUPS: readonly ParamGroup[] = ['Sampling', 'Length', 'Output', 'Reasoning', 'Routing', 'Deprecated']

export const specOf = (name: ParamName) => PARAM_SPECS.find((s) => s.name === name)!

/** What a fresh playground starts with: streaming, with usage; everything else at the model's default. */
export const DEFAULT_PARAMS: ParamValues = { stream: 'true', include_usage: 'true' }

const isSet = (v: string | undefined): v is string => v !== undefined && v.trim() !== ''

function checkNumber(spec: ParamSpec, text: string): string | undefined {
  const n = Number(text.trim())
  if (!Number.isFinite(n)) return 'Must be a number.'
  if (spec.kind === 'integer' && !Number.isInteger(n)) return 'Must be a whole number.'
  if (spec.kind === 'integer' && !Number.isSafeInteger(n)) return 'Too large.'
  if (spec.min !== undefined && spec.max !== undefined && (n < spec.min || n > spec.max)) return `Must be from ${spec.min} to ${spec.max}.`
  if (spec.min !== undefined && n < spec.min) return `Must be at least ${spec.min}.`
  if (spec.max !== undefined && n > spec.max) return `Must be at most ${spec.max}.`
  return undefined
}

export const stopSequences = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.replace(/\\n/g, '\n').replace(/\\t/g, '\t'))

function checkJson(name: ParamName, text: string): string | undefined {
  const parsed = parseJsonText(text)
  if (!parsed.ok) return parsed.message
  if (!isPlainObject(parsed.value)) return 'Must be a JSON object.'
  for (const [k, v] of Object.entries(parsed.value)) {
    if (name === 'logit_bias') {
      if (!/^\d+$/.test(k)) return `"${k}" is not a token id (a whole number).`
      if (typeof v !== 'number' || !Number.isInteger(v) || v < -100 || v > 100) return `The bias of token ${k} must be a whole number from -100 to 100.`
    }
    if (name === 'metadata' && typeof v !== 'string') return `The value of "${k}" must be a string.`
  }
  return undefined
}

/** Field-by-field problems, in words; an empty object means the parameters can be sent. */
export function validateParams(values: ParamValues): ParamErrors {
  const errors: ParamErrors = {}
  for (const spec of PARAM_SPECS) {
    const v = values[spec.name]
    if (!isSet(v)) continue
    let err: string | undefined
    if (spec.kind === 'number' || spec.kind === 'integer') err = checkNumber(spec, v)
    else if ((spec.kind === 'enum' || spec.kind === 'switch') && !spec.options!.includes(v)) err = `Must be one of ${spec.options!.join(', ')}.`
    else if (spec.kind === 'lines' && stopSequences(v).length > 4) err = 'At most 4 stop sequences.'
    else if (spec.kind === 'json') err = checkJson(spec.name, v)
    if (err) errors[spec.name] = err
  }
  if (isSet(values.top_logprobs) && values.logprobs !== 'true' && !errors.top_logprobs) errors.top_logprobs = 'Turn logprobs on to ask for top logprobs.'
  if (values.modalities === 'text,audio') {
    if (!isSet(values.audio_voice)) errors.audio_voice = 'A voice is required when the answer includes audio.'
    if (!isSet(values.audio_format)) errors.audio_format = 'A format is required when the answer includes audio.'
  }
  if (isSet(values.thinking_budget) && !isSet(values.thinking_type) && !errors.thinking_budget) errors.thinking_budget = 'Set the thinking type too.'
  return errors
}

const num = (v: string) => Number(v.trim())

/** The request fields the parameters stand for (call only when `validateParams` found nothing). */
export function paramsToBody(values: ParamValues): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const name of ['temperature', 'top_p', 'frequency_penalty', 'presence_penalty', 'seed', 'max_completion_tokens', 'n', 'top_logprobs', 'max_tokens'] as const) {
    if (isSet(values[name])) body[name] = num(values[name])
  }
  for (const name of ['reasoning_effort', 'verbosity', 'service_tier'] as const) if (isSet(values[name])) body[name] = values[name]
  for (const name of ['logprobs', 'parallel_tool_calls', 'store'] as const) if (isSet(values[name])) body[name] = values[name] === 'true'
  for (const name of ['logit_bias', 'metadata'] as const) if (isSet(values[name])) body[name] = JSON.parse(values[name])
  if (isSet(values.stop)) body.stop = stopSequences(values.stop)
  if (isSet(values.prediction)) body.prediction = { type: 'content', content: values.prediction }
  if (values.modalities === 'text,audio') {
    body.modalities = ['text', 'audio']
    body.audio = { voice: values.audio_voice, format: values.audio_format }
  } else if (values.modalities === 'text') body.modalities = ['text']
  if (isSet(values.thinking_type)) body.thinking = { type: values.thinking_type.trim(), ...(isSet(values.thinking_budget) ? { budget_tokens: num(values.thinking_budget) } : {}) }
  if (values.stream === 'true') {
    body.stream = true
    if (values.include_usage === 'true') body.stream_options = { include_usage: true }
  }
  return body
}

/** Reads request fields back into panel values (opening an agent or an exported request). */
export function bodyToParams(body: Record<string, unknown>): ParamValues {
  const out: ParamValues = {}
  const put = (name: ParamName, v: unknown) => {
    if (v !== undefined && v !== null) out[name] = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v)
  }
  for (const name of ['temperature', 'top_p', 'frequency_penalty', 'presence_penalty', 'seed', 'max_completion_tokens', 'n', 'top_logprobs', 'max_tokens', 'reasoning_effort', 'verbosity', 'service_tier', 'logprobs', 'parallel_tool_calls', 'store', 'logit_bias', 'metadata'] as const) {
    put(name, body[name])
  }
  if (body.stop !== undefined) out.stop = (Array.isArray(body.stop) ? body.stop : [body.stop]).map((s) => String(s).replace(/\n/g, '\\n')).join('\n')
  const prediction = body.prediction as { content?: unknown } | undefined
  if (typeof prediction?.content === 'string') out.prediction = prediction.content
  const modalities = body.modalities as string[] | undefined
  if (modalities) out.modalities = modalities.includes('audio') ? 'text,audio' : 'text'
  const audio = body.audio as { voice?: string; format?: string } | undefined
  if (audio?.voice) out.audio_voice = audio.voice
  if (audio?.format) out.audio_format = audio.format
  const thinking = body.thinking as { type?: string; budget_tokens?: number } | undefined
  if (thinking?.type) out.thinking_type = thinking.type
  if (thinking?.budget_tokens !== undefined) out.thinking_budget = String(thinking.budget_tokens)
  return out
}
