import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest } from '../../../shared/chat/types'

/** A client that sent the deprecated `functions` gets its answer in that form too: `function_call`, not `tool_calls`. */
export const wantsLegacyFunctions = (req: ChatCompletionRequest) => req.deprecated.includes('functions')

export function toLegacyCompletion(c: ChatCompletion): ChatCompletion {
  return {
    ...c,
    choices: c.choices.map((choice) => {
      const { tool_calls: calls, ...message } = choice.message
      const first = calls?.[0]
      if (!first) return choice
      return {
        ...choice,
        message: { ...message, function_call: { name: first.function.name, arguments: first.function.arguments } },
        finish_reason: choice.finish_reason === 'tool_calls' ? 'function_call' : choice.finish_reason,
      }
    }),
  }
}

export function toLegacyChunk(chunk: ChatCompletionChunk): ChatCompletionChunk {
  return {
    ...chunk,
    choices: chunk.choices.map((choice) => {
      const { tool_calls: calls, ...delta } = choice.delta
      const first = calls?.find((c) => c.index === 0)
      const finish = choice.finish_reason === 'tool_calls' ? 'function_call' : choice.finish_reason
      if (!calls) return { ...choice, finish_reason: finish }
      return {
        ...choice,
        delta: first?.function ? { ...delta, function_call: { ...(first.function.name ? { name: first.function.name } : {}), arguments: first.function.arguments ?? '' } } : delta,
        finish_reason: finish,
      }
    }),
  }
}
