import { GatewayError, isGatewayError } from '../../../shared/errors'

/** Pivot fields and the Responses fields they came from, longest first. */
const RENAMES: Array<[RegExp, string]> = [
  [/^response_format\.json_schema\b/, 'text.format'],
  [/^response_format\b/, 'text.format'],
  [/^max_completion_tokens\b/, 'max_output_tokens'],
  [/^reasoning_effort\b/, 'reasoning.effort'],
  [/^thinking\b/, 'reasoning'],
  [/^verbosity\b/, 'text.verbosity'],
  [/^tools\[(\d+)\]\.function\./, 'tools[$1].'],
  [/^tool_choice\.function\./, 'tool_choice.'],
  [/^messages\b.*/, 'input'],
]

/** The Responses name of a pivot field a 4xx names, so the client is told about the field it sent. */
export function responsesParam(param: string): string {
  for (const [from, to] of RENAMES) if (from.test(param)) return param.replace(from, to)
  return param
}

/** A gateway error about a pivot field, retold about the Responses field (param and message). */
export function inResponsesTerms(err: unknown): unknown {
  if (!isGatewayError(err) || !err.param) return err
  const param = responsesParam(err.param)
  if (param === err.param) return err
  return new GatewayError({ status: err.status, type: err.type, code: err.code, param, headers: err.headers, message: err.message.split(err.param).join(param), cause: err })
}
