import { toWireMessages } from './build-request'
import { paramsToBody } from './chat-params'
import type { PlaygroundDraft } from './playground-model'
import { parseTools } from './tools-json'

/** A conversation as JSON: the request-shaped messages and settings, ready to replay with any OpenAI client. */
export function exportJson(title: string, draft: PlaygroundDraft, exportedAt: Date): string {
  const tools = parseTools(draft.toolsText)
  return JSON.stringify(
    {
      title,
      exported_at: exportedAt.toISOString(),
      model: draft.model,
      ...paramsToBody(draft.params),
      ...(tools.ok && tools.tools.length ? { tools: tools.tools } : {}),
      messages: toWireMessages(draft, draft.messages),
    },
    null,
    2,
  )
}

const fence = (text: string, lang = '') => {
  const ticks = text.includes('```') ? '````' : '```'
  return `${ticks}${lang}\n${text}\n${ticks}`
}

/** A conversation as Markdown, for reading and sharing. */
export function exportMarkdown(title: string, draft: PlaygroundDraft, exportedAt: Date): string {
  const out = [`# ${title}`, '', `Model: \`${draft.model || 'none'}\` · exported ${exportedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`, '']
  if (draft.systemPrompt.trim()) out.push(`## ${draft.systemRole === 'developer' ? 'Developer' : 'System'}`, '', draft.systemPrompt, '')
  for (const m of draft.messages) {
    if (m.pending) continue
    if (m.role === 'tool') {
      out.push(`## Tool result (${m.toolCallId ?? ''})`, '', fence(m.content), '')
      continue
    }
    out.push(`## ${m.role === 'user' ? 'User' : 'Assistant'}`, '')
    if (m.content) out.push(m.content, '')
    for (const a of m.attachments ?? []) out.push(`_Attached ${a.kind}: ${a.name}_`, '')
    for (const c of m.toolCalls ?? []) out.push(`Tool call \`${c.function.name}\` (${c.id}):`, '', fence(c.function.arguments, 'json'), '')
  }
  return out.join('\n').trimEnd() + '\n'
}

export const exportFileName = (title: string, ext: 'json' | 'md') =>
  `${title.replace(/[^\w\- ]+/g, '').trim().replace(/\s+/g, '-').slice(0, 60) || 'conversation'}.${ext}`
