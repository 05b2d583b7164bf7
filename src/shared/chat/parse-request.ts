import { badRequest } from '../errors'
import type { ChatCompletionRequest, ChatCompletionRequestBody } from './types'
import { issueToError } from '../validation/issue-to-error'
import { normalizeRequest } from './normalize-request'
import { requestSchema } from './request-schema'
import { issueMessage } from '../validation/issue-messages'

/**
 * Validates a POST /v1/chat/completions body against spec 2.1, 2.2, 2.4 and 8 and returns the
 * normalized request. Throws a 400 `GatewayError` whose `param` is the JSON path of the first
 * problem (`messages[2].content[0].image_url.url`) and whose message says what is allowed.
 */
export function parseChatCompletionRequest(body: unknown): ChatCompletionRequest {
  const result = requestSchema().safeParse(body, { error: issueMessage })
  if (!result.success) {
    const [first] = result.error.issues
    throw first === undefined ? badRequest('The request body is invalid') : issueToError(first, body)
  }
  // Typed on purpose: the compiler proves that what the schema accepts is the documented wire body.
  const valid: ChatCompletionRequestBody = result.data
  return normalizeRequest(valid)
}
