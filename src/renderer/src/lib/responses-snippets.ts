import type { FallbackChoice } from '../api/chat-client'
import type { ChatRequestBody } from '../api/chat-types'
import { KEY_ENV, pythonLiteral, type SnippetLanguage } from './code-snippets'
import { toResponsesBody } from './responses-body'

const fallbackQuery = (f: FallbackChoice) => (f === 'default' ? null : f === 'on' ? 'true' : 'false')

/** The playground's request as code calling `client.responses.create` (the Responses API switch). */
export function responsesSnippet(language: SnippetLanguage, baseUrl: string, chatBody: ChatRequestBody, fallbacks: FallbackChoice): string {
  const body = toResponsesBody(chatBody)
  const q = fallbackQuery(fallbacks)
  if (language === 'curl') {
    return [
      `curl${body.stream ? ' -N' : ''} -sS '${baseUrl}/v1/responses${q ? `?fallbacks=${q}` : ''}' \\`,
      `  -H "Authorization: Bearer $${KEY_ENV}" \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  --data-binary @- <<'GATEHOUSE_REQUEST'`,
      JSON.stringify(body, null, 2),
      'GATEHOUSE_REQUEST',
    ].join('\n')
  }
  if (language === 'javascript') {
    const options = q ? `, { query: { fallbacks: '${q}' } }` : ''
    const lines = [`import OpenAI from 'openai'`, ``, `const client = new OpenAI({ baseURL: '${baseUrl}/v1', apiKey: process.env.${KEY_ENV} })`, ``]
    if (body.stream) {
      lines.push(
        `const stream = await client.responses.create(${JSON.stringify(body, null, 2)}${options})`,
        `for await (const event of stream) if (event.type === 'response.output_text.delta') process.stdout.write(event.delta)`,
        `process.stdout.write('\\n')`,
      )
    } else lines.push(`const response = await client.responses.create(${JSON.stringify(body, null, 2)}${options})`, `console.log(response.output_text)`)
    return lines.join('\n')
  }
  const args = Object.entries(body).map(([k, v]) => `    ${k}=${pythonLiteral(v, 4)},`)
  if (q) args.push(`    extra_query={"fallbacks": "${q}"},`)
  const lines = ['import os', '', 'from openai import OpenAI', '', `client = OpenAI(base_url="${baseUrl}/v1", api_key=os.environ["${KEY_ENV}"])`, '']
  if (body.stream) lines.push('stream = client.responses.create(', ...args, ')', 'for event in stream:', '    if event.type == "response.output_text.delta":', '        print(event.delta, end="", flush=True)', 'print()')
  else lines.push('response = client.responses.create(', ...args, ')', 'print(response.output_text)')
  return lines.join('\n')
}
