/**
 * `/v1/messages/count_tokens` for local GGUF chat models: the Anthropic-native body read as a
 * conversation and counted by the model's own tokenizer with its own template (tools documented as
 * the template does), answered as Anthropic answers: `{"input_tokens": n}`. Text, tool calls and tool
 * results count; images and documents are not read by local models and count nothing.
 */
import { Readable } from 'node:stream'
import type { GrammarJsonSchema } from '../../engines/llama/grammar-schema'
import type { LlamaEngine } from '../../engines/llama/llama-engine'
import type { LlamaToolCallRecord, LlamaToolSpec, LlamaTurn } from '../../engines/llama/llama-protocol'
import type { ModelManager } from '../../engines/model-manager/model-manager'
import type { RawUpstreamResponse, TokenCounter } from '../contracts/messages'
import { llamaCallOptions, localModelFile } from './local-model-file'

type Block = { type?: string; text?: string; id?: string; name?: string; input?: unknown; tool_use_id?: string; content?: unknown }
interface CountBody {
  system?: string | Block[]
  messages: Array<{ role: 'user' | 'assistant'; content: string | Block[] }>
  tools?: Array<{ name?: string; description?: string; input_schema?: unknown }>
}

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? (content as Block[]).map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('\n') : ''

/** Anthropic messages as the turns the llama engine renders: tool results folded into the calls they answer. */
export function anthropicTurns(body: CountBody): LlamaTurn[] {
  const turns: LlamaTurn[] = []
  const system = textOf(body.system)
  if (system) turns.push({ role: 'system', text: system })
  const calls = new Map<string, LlamaToolCallRecord>()
  for (const m of body.messages) {
    const blocks: Block[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content
    if (m.role === 'assistant') {
      const toolCalls: LlamaToolCallRecord[] = []
      for (const b of blocks) {
        if (b.type !== 'tool_use') continue
        const call: LlamaToolCallRecord = { name: b.name ?? '', arguments: b.input ?? {} }
        if (b.id) calls.set(b.id, call)
        toolCalls.push(call)
      }
      turns.push({ role: 'assistant', text: textOf(blocks), toolCalls })
      continue
    }
    for (const b of blocks) {
      const call = b.type === 'tool_result' && b.tool_use_id ? calls.get(b.tool_use_id) : undefined
      if (call) call.result = textOf(b.content)
    }
    const text = textOf(blocks.filter((b) => b.type === 'text'))
    if (text || !blocks.some((b) => b.type === 'tool_result')) turns.push({ role: 'user', text })
  }
  return turns
}

const tools = (body: CountBody): LlamaToolSpec[] =>
  (body.tools ?? []).filter((t) => t.name).map((t) => ({ name: t.name!, description: t.description, parameters: (t.input_schema ?? { type: 'object' }) as GrammarJsonSchema }))

function jsonResponse(value: unknown): RawUpstreamResponse {
  const bytes = Buffer.from(JSON.stringify(value))
  const body = Object.assign(Readable.from([bytes]), { text: async () => bytes.toString('utf8'), json: async () => value })
  return { status: 200, headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) }, body }
}

export function createLlamaTokenCounter(opts: { engine: LlamaEngine; models?: ModelManager }): TokenCounter {
  return {
    async count(raw, _headers, ctx) {
      // The messages service validated this body (a JSON object with a messages list) before routing it here.
      const body = JSON.parse(raw.toString('utf8')) as CountBody
      const modelPath = await localModelFile(ctx.model, 'chat', opts.models)
      const { tokens } = await opts.engine.countTokens({ modelPath, turns: anthropicTurns(body), tools: tools(body) }, llamaCallOptions(ctx))
      return jsonResponse({ input_tokens: tokens })
    },
  }
}
