import type { FallbackChoice } from '../api/chat-client'
import type { ChatRequestBody } from '../api/chat-types'
import { responsesSnippet } from './responses-snippets'

export type SnippetLanguage = 'curl' | 'javascript' | 'python'

export const KEY_ENV = 'GATEHOUSE_API_KEY'

/** Request fields the official Python SDK takes as keyword arguments; the rest go in `extra_body`. */
const PYTHON_SDK_FIELDS = new Set([
  'model', 'messages', 'audio', 'frequency_penalty', 'function_call', 'functions', 'logit_bias', 'logprobs', 'max_completion_tokens',
  'max_tokens', 'metadata', 'modalities', 'n', 'parallel_tool_calls', 'prediction', 'presence_penalty', 'reasoning_effort',
  'response_format', 'seed', 'service_tier', 'stop', 'store', 'stream', 'stream_options', 'temperature', 'tool_choice', 'tools',
  'top_logprobs', 'top_p', 'user', 'verbosity',
])

const fallbackQuery = (f: FallbackChoice) => (f === 'default' ? null : f === 'on' ? 'true' : 'false')

function curl(baseUrl: string, body: ChatRequestBody, fallbacks: FallbackChoice): string {
  const q = fallbackQuery(fallbacks)
  const url = `${baseUrl}/v1/chat/completions${q ? `?fallbacks=${q}` : ''}`
  return [
    `curl${body.stream ? ' -N' : ''} -sS '${url}' \\`,
    `  -H "Authorization: Bearer $${KEY_ENV}" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  --data-binary @- <<'GATEHOUSE_REQUEST'`,
    JSON.stringify(body, null, 2),
    'GATEHOUSE_REQUEST',
  ].join('\n')
}

function javascript(baseUrl: string, body: ChatRequestBody, fallbacks: FallbackChoice): string {
  const q = fallbackQuery(fallbacks)
  const options = q ? `, { query: { fallbacks: '${q}' } }` : ''
  const json = JSON.stringify(body, null, 2).replace(/\n/g, '\n')
  const lines = [
    `import OpenAI from 'openai'`,
    ``,
    `const client = new OpenAI({ baseURL: '${baseUrl}/v1', apiKey: process.env.${KEY_ENV} })`,
    ``,
  ]
  if (body.stream) {
    lines.push(
      `const stream = await client.chat.completions.create(${json}${options})`,
      `for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? '')`,
      `process.stdout.write('\\n')`,
    )
  } else {
    lines.push(`const completion = await client.chat.completions.create(${json}${options})`, `console.log(completion.choices[0].message.content)`)
  }
  return lines.join('\n')
}

/** A JSON value as a Python literal (True, False, None), indented like json.dumps(indent=4). */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4)
  const end = ' '.repeat(indent)
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) {
    if (!value.length) return '[]'
    return `[\n${value.map((v) => pad + pythonLiteral(v, indent + 4)).join(',\n')},\n${end}]`
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (!entries.length) return '{}'
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, indent + 4)}`).join(',\n')},\n${end}}`
}

function python(baseUrl: string, body: ChatRequestBody, fallbacks: FallbackChoice): string {
  const args: string[] = []
  const extra: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(body)) {
    if (PYTHON_SDK_FIELDS.has(k)) args.push(`    ${k}=${pythonLiteral(v, 4)},`)
    else extra[k] = v
  }
  if (Object.keys(extra).length) args.push(`    extra_body=${pythonLiteral(extra, 4)},`)
  const q = fallbackQuery(fallbacks)
  if (q) args.push(`    extra_query={"fallbacks": "${q}"},`)
  const lines = [
    'import os',
    'from openai import OpenAI',
    '',
    `client = OpenAI(base_url="${baseUrl}/v1", api_key=os.environ["${KEY_ENV}"])`,
    '',
  ]
  if (body.stream) {
    lines.push('stream = client.chat.completions.create(', ...args, ')', 'for chunk in stream:', '    if chunk.choices and chunk.choices[0].delta.content:', '        print(chunk.choices[0].delta.content, end="", flush=True)', 'print()')
  } else {
    lines.push('completion = client.chat.completions.create(', ...args, ')', 'print(completion.choices[0].message.content)')
  }
  return lines.join('\n')
}

/** The current request as code that runs against the local endpoint, reading the key from $GATEHOUSE_API_KEY. */
export function codeSnippet(language: SnippetLanguage, baseUrl: string, body: ChatRequestBody, fallbacks: FallbackChoice = 'default', api: 'chat' | 'responses' = 'chat'): string {
  if (api === 'responses') return responsesSnippet(language, baseUrl, body, fallbacks)
  if (language === 'curl') return curl(baseUrl, body, fallbacks)
  if (language === 'javascript') return javascript(baseUrl, body, fallbacks)
  return python(baseUrl, body, fallbacks)
}
