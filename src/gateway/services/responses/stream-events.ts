import type { ChatCompletionChunk, FinishReason, Usage } from '../../../shared/chat/types'
import { endOf, usageOf, type NewItemId } from './from-pivot'
import type { OutputFunctionCall, OutputItem, OutputMessage, OutputReasoning, OutputText, ResponseObject } from './responses-types'

export type ResponsesEvent = { type: string; sequence_number: number } & Record<string, unknown>

/**
 * An event as SSE data. One that carries the response object takes that object's JSON as made once
 * (`responseJson`: the snapshots of `created` and `in_progress` are equal; the final one is also what
 * is kept), rather than serializing it again: the same bytes `JSON.stringify(event)` makes.
 */
export function eventData(event: ResponsesEvent, responseJson?: string): string {
  if (responseJson !== undefined && 'response' in event) return `{"type":${JSON.stringify(event.type)},"sequence_number":${event.sequence_number},"response":${responseJson}}`
  const delta = DELTA_JSON[event.type]
  return delta ? delta(event as DeltaEvent) : JSON.stringify(event)
}

type DeltaEvent = ResponsesEvent & { item_id: string; output_index: number; content_index: number; summary_index: number; delta: string }

const q = JSON.stringify
/**
 * The events sent once per token, written out field by field (a third of what JSON.stringify of the
 * object costs); the fields in the order the translator makes them, so the bytes are the same.
 */
const DELTA_JSON: Record<string, (e: DeltaEvent) => string> = {
  'response.output_text.delta': (e) =>
    `{"type":"response.output_text.delta","sequence_number":${e.sequence_number},"item_id":${q(e.item_id)},"output_index":${e.output_index},"content_index":${e.content_index},"delta":${q(e.delta)},"logprobs":[]}`,
  'response.function_call_arguments.delta': (e) =>
    `{"type":"response.function_call_arguments.delta","sequence_number":${e.sequence_number},"item_id":${q(e.item_id)},"output_index":${e.output_index},"delta":${q(e.delta)}}`,
  'response.reasoning_summary_text.delta': (e) =>
    `{"type":"response.reasoning_summary_text.delta","sequence_number":${e.sequence_number},"item_id":${q(e.item_id)},"output_index":${e.output_index},"summary_index":${e.summary_index},"delta":${q(e.delta)}}`,
}

interface OpenText {
  item: OutputMessage
  index: number
  text: string
}

interface OpenReasoning {
  item: OutputReasoning
  index: number
  text: string
}

type ItemStatus = OutputMessage['status']

/** Reasoning in a pivot chunk: Anthropic thinking as the gateway names it, or an upstream's own field by either name. */
const reasoningOf = (delta: { reasoning_content?: string; reasoning?: string }): string => delta.reasoning_content || delta.reasoning || ''

interface OpenCall {
  item: OutputFunctionCall
  index: number
}

/**
 * Pivot stream chunks -> Responses stream events (created, in_progress, then per output item: added,
 * content or summary part, deltas, done; then completed, incomplete or failed), numbered by
 * `sequence_number`. Reasoning opens a reasoning item (its text as one summary part); text opens a
 * message item; each tool call opens a function_call item; an item is closed when the next one opens
 * or the stream ends. Only the first choice is followed (Responses has no `n`).
 */
export class ResponsesStreamTranslator {
  private seq = 0
  private readonly output: OutputItem[] = []
  private text: OpenText | null = null
  private reasoning: OpenReasoning | null = null
  private readonly calls = new Map<number, OpenCall>()
  private finish: FinishReason | null = null

  constructor(
    private readonly shell: ResponseObject,
    private readonly newId: NewItemId,
  ) {}

  private event(type: string, fields: Record<string, unknown>): ResponsesEvent {
    return { type, sequence_number: this.seq++, ...fields }
  }

  private snapshot(extra: Partial<ResponseObject> = {}): ResponseObject {
    return { ...this.shell, output: [...this.output], ...extra }
  }

  start(): ResponsesEvent[] {
    return [this.event('response.created', { response: this.snapshot() }), this.event('response.in_progress', { response: this.snapshot() })]
  }

  /** The items made so far, as the finished response lists them. */
  items(): OutputItem[] {
    return this.output
  }

  /** Characters and argument fragments sent, about one token each: how a cut-off answer is counted. */
  deltas = 0

  chunk(chunk: ChatCompletionChunk): ResponsesEvent[] {
    const choice = chunk.choices.find((c) => c.index === 0)
    if (!choice) return []
    const events: ResponsesEvent[] = []
    const { delta } = choice
    const reasoning = reasoningOf(delta)
    if (reasoning) {
      if (!this.reasoning) events.push(...this.closeText(), ...this.closeCalls(), ...this.openReasoning())
      const r = this.reasoning!
      r.text += reasoning
      this.deltas++
      events.push(this.event('response.reasoning_summary_text.delta', { item_id: r.item.id, output_index: r.index, summary_index: 0, delta: reasoning }))
    }
    const text = delta.content ?? delta.refusal ?? ''
    if (text) {
      if (!this.text) events.push(...this.closeReasoning(), ...this.closeCalls(), ...this.openText())
      const t = this.text!
      t.text += text
      this.deltas++
      events.push(this.event('response.output_text.delta', { item_id: t.item.id, output_index: t.index, content_index: 0, delta: text, logprobs: [] }))
    }
    if (delta.annotations?.length && this.text) {
      const part = this.text.item.content[0] as OutputText
      part.annotations.push(...delta.annotations.map((a) => ({ type: 'url_citation', ...a.url_citation })))
    }
    for (const tc of delta.tool_calls ?? []) {
      let open = this.calls.get(tc.index)
      if (!open) {
        events.push(...this.closeReasoning(), ...this.closeText())
        const item: OutputFunctionCall = { id: this.newId('fc'), type: 'function_call', status: 'in_progress', call_id: tc.id ?? '', name: tc.function?.name ?? '', arguments: '' }
        open = { item, index: this.output.length }
        this.output.push(item)
        this.calls.set(tc.index, open)
        events.push(this.event('response.output_item.added', { output_index: open.index, item: { ...item } }))
      }
      const args = tc.function?.arguments
      if (args) {
        open.item.arguments += args
        this.deltas++
        events.push(this.event('response.function_call_arguments.delta', { item_id: open.item.id, output_index: open.index, delta: args }))
      }
    }
    if (choice.finish_reason) this.finish = choice.finish_reason
    return events
  }

  private openReasoning(): ResponsesEvent[] {
    const item: OutputReasoning = { id: this.newId('rs'), type: 'reasoning', summary: [] }
    this.reasoning = { item, index: this.output.length, text: '' }
    this.output.push(item)
    return [
      this.event('response.output_item.added', { output_index: this.reasoning.index, item: { ...item, summary: [] } }),
      this.event('response.reasoning_summary_part.added', { item_id: item.id, output_index: this.reasoning.index, summary_index: 0, part: { type: 'summary_text', text: '' } }),
    ]
  }

  private closeReasoning(): ResponsesEvent[] {
    const r = this.reasoning
    if (!r) return []
    this.reasoning = null
    const part = { type: 'summary_text' as const, text: r.text }
    r.item.summary = [part]
    const at = { item_id: r.item.id, output_index: r.index, summary_index: 0 }
    return [
      this.event('response.reasoning_summary_text.done', { ...at, text: r.text }),
      this.event('response.reasoning_summary_part.done', { ...at, part: { ...part } }),
      this.event('response.output_item.done', { output_index: r.index, item: { ...r.item, summary: [{ ...part }] } }),
    ]
  }

  private openText(): ResponsesEvent[] {
    const item: OutputMessage = { id: this.newId('msg'), type: 'message', status: 'in_progress', role: 'assistant', content: [] }
    this.text = { item, index: this.output.length, text: '' }
    this.output.push(item)
    return [
      this.event('response.output_item.added', { output_index: this.text.index, item: { ...item, content: [] } }),
      this.event('response.content_part.added', { item_id: item.id, output_index: this.text.index, content_index: 0, part: { type: 'output_text', text: '', annotations: [], logprobs: [] } }),
    ]
  }

  private closeText(status: ItemStatus = 'completed'): ResponsesEvent[] {
    const t = this.text
    if (!t) return []
    this.text = null
    const part: OutputText = { type: 'output_text', text: t.text, annotations: (t.item.content[0] as OutputText | undefined)?.annotations ?? [], logprobs: [] }
    t.item.content = [part]
    t.item.status = status
    const at = { item_id: t.item.id, output_index: t.index, content_index: 0 }
    return [
      this.event('response.output_text.done', { ...at, text: t.text, logprobs: [] }),
      this.event('response.content_part.done', { ...at, part: { ...part } }),
      this.event('response.output_item.done', { output_index: t.index, item: { ...t.item } }),
    ]
  }

  private closeCalls(status: ItemStatus = 'completed'): ResponsesEvent[] {
    const events: ResponsesEvent[] = []
    for (const { item, index } of this.calls.values()) {
      if (item.status !== 'in_progress') continue
      item.status = status
      events.push(
        this.event('response.function_call_arguments.done', { item_id: item.id, output_index: index, name: item.name, arguments: item.arguments }),
        this.event('response.output_item.done', { output_index: index, item: { ...item } }),
      )
    }
    return events
  }

  /** Closes what is open and ends with completed (or incomplete, when the answer was cut off). */
  end(usage: Usage, creditsCost?: number): { events: ResponsesEvent[]; response: ResponseObject } {
    const end = endOf(this.finish)
    const itemStatus = end.status === 'completed' ? 'completed' : 'incomplete'
    const events = [...this.closeReasoning(), ...this.closeText(itemStatus), ...this.closeCalls(itemStatus)]
    const response = this.snapshot({ ...end, usage: usageOf(usage, creditsCost) })
    events.push(this.event(end.status === 'completed' ? 'response.completed' : 'response.incomplete', { response }))
    return { events, response }
  }

  /** Ends a stream the upstream broke off: what was made so far, marked incomplete, in a failed response. */
  fail(message: string, usage: Usage, creditsCost?: number): { events: ResponsesEvent[]; response: ResponseObject } {
    const events = [...this.closeReasoning(), ...this.closeText('incomplete'), ...this.closeCalls('incomplete')]
    const response = this.snapshot({ status: 'failed', error: { code: 'server_error', message }, usage: usageOf(usage, creditsCost) })
    events.push(this.event('response.failed', { response }))
    return { events, response }
  }
}
