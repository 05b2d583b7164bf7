/**
 * The prompt of a chat request: the model's own chat template when its GGUF has one (node-llama-cpp
 * picks a matching built-in wrapper or renders the Jinja template), else a plain format:
 *
 *     <BOS>{system}\n\n### User\n{user}\n\n### Assistant\n{assistant}\n\n### User\n...### Assistant\n
 *
 * Tools are documented the way the wrapper does it; the plain format calls them as
 * `||call: name({"arg": ...})`.
 */
import { type ChatHistoryItem, type ChatModelFunctions, type ChatModelResponse, type ChatWrapper, GeneralChatWrapper, LlamaText, type LlamaModel, SpecialToken, type Token, resolveChatWrapper } from 'node-llama-cpp'
import type { LlamaToolSpec, LlamaTurn } from './llama-protocol'

export interface RenderedPrompt {
  tokens: Token[]
  /** Texts the template uses to end the assistant's turn: generation stops on them. */
  stops: string[]
  wrapper: ChatWrapper
}

export interface CallSyntax {
  /** Text that opens a call ("||call: ", "<tool_call>\n{\"name\": \""). */
  prefix: LlamaText
  /** Text between the function's name and its JSON arguments. */
  paramsPrefix: LlamaText
}

const wrappers = new WeakMap<LlamaModel, ChatWrapper>()

export function chatWrapperFor(model: LlamaModel): ChatWrapper {
  let wrapper = wrappers.get(model)
  if (!wrapper) {
    const template = (model.fileInfo.metadata as { tokenizer?: { chat_template?: unknown } }).tokenizer?.chat_template
    wrapper = typeof template === 'string' && template.trim() ? resolveChatWrapper(model) : new GeneralChatWrapper({ userMessageTitle: 'User', modelResponseTitle: 'Assistant' })
    wrappers.set(model, wrapper)
  }
  return wrapper
}

export function callSyntax(wrapper: ChatWrapper): CallSyntax {
  const { call } = wrapper.settings.functions
  return { prefix: LlamaText(call.prefix), paramsPrefix: LlamaText(call.paramsPrefix) }
}

function toHistory(turns: LlamaTurn[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = []
  for (const turn of turns) {
    if (turn.role !== 'assistant') {
      history.push({ type: turn.role, text: turn.text })
      continue
    }
    const response: ChatModelResponse['response'] = []
    if (turn.text) response.push(turn.text)
    for (const call of turn.toolCalls) response.push({ type: 'functionCall', name: call.name, params: call.arguments, result: call.result ?? '' })
    const last = history.at(-1)
    // After tool results the model's answer continues the same turn, as node-llama-cpp models it.
    if (last?.type === 'model') last.response.push(...response)
    else history.push({ type: 'model', response })
  }
  const last = history.at(-1)
  const continuesAfterResults = last?.type === 'model' && last.response.at(-1) !== undefined && typeof last.response.at(-1) === 'object'
  if (!continuesAfterResults) history.push({ type: 'model', response: [] })
  return history
}

/** A raw prompt: BOS and the text's tokens, no template and no template stops. */
export function rawPrompt(model: LlamaModel, text: string): RenderedPrompt {
  return { tokens: LlamaText([new SpecialToken('BOS'), text]).tokenize(model.tokenizer), stops: [], wrapper: chatWrapperFor(model) }
}

export function renderPrompt(model: LlamaModel, turns: LlamaTurn[], tools: LlamaToolSpec[]): RenderedPrompt {
  const wrapper = chatWrapperFor(model)
  const functions: ChatModelFunctions | undefined = tools.length
    ? Object.fromEntries(tools.map((t) => [t.name, { description: t.description, params: t.parameters as never }]))
    : undefined
  const state = wrapper.generateContextState({ chatHistory: toHistory(turns), availableFunctions: functions, documentFunctionParams: true })
  const stops: string[] = []
  for (const trigger of state.stopGenerationTriggers) {
    // Triggers made only of special tokens (EOS, <|im_end|>) end generation as end-of-generation tokens.
    const text = LlamaText(trigger)
    if (text.values.every((v) => typeof v === 'string')) stops.push(text.toString())
  }
  return { tokens: state.contextText.tokenize(model.tokenizer), stops: stops.filter(Boolean), wrapper }
}
