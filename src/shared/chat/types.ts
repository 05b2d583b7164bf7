/**
 * Wire types of the chat-completions interface (spec 2.1-2.4, 6), the gateway's internal pivot.
 * `ChatCompletionRequestBody` is what a client may send; `ChatCompletionRequest` is the
 * normalized form that `parseChatCompletionRequest` returns and every provider consumes:
 * deprecated fields are mapped to their successors and nulls of optional limits are dropped.
 * The types live in four files by topic; import them from here.
 */
export * from './message-types'
export * from './tool-types'
export * from './request-types'
export * from './completion-types'
