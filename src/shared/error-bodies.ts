import type { ErrorType, GatewayError } from './errors'

/** OpenAI's error shape. The 402 body is exactly `{error: {message}}`, as spec section 7 fixes it. */
export function openAiErrorBody(e: GatewayError): unknown {
  if (e.status === 402) return { error: { message: e.message } }
  return { error: { message: e.message, type: e.type, param: e.param, code: e.code } }
}

const ANTHROPIC_TYPES: Partial<Record<ErrorType, string>> = {
  insufficient_credits: 'billing_error',
  upstream_error: 'api_error',
}

/** Ollama's error shape, for /api/*: `{"error": "..."}` with the status. */
export const ollamaErrorBody = (e: GatewayError): unknown => ({ error: e.message })

/** Anthropic's error shape, for /v1/messages: `{type: "error", error: {type, message}}`. */
export function anthropicErrorBody(e: GatewayError): unknown {
  return { type: 'error', error: { type: ANTHROPIC_TYPES[e.type] ?? e.type, message: e.message } }
}
