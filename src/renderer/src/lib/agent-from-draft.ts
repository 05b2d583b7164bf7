import type { Agent, AgentInput } from '../../../shared/admin-wire'
import { buildChatRequest } from './build-request'
import type { PlaygroundDraft } from './playground-model'

/** Request fields that belong to one call rather than to an agent. */
const PER_CALL = new Set(['model', 'messages', 'stream', 'stream_options'])

/** The agent that "Save as agent" would create from the draft, or why it cannot. */
export function agentFromDraft(draft: PlaygroundDraft, name: string, agents: Agent[]): { ok: true; input: AgentInput } | { ok: false; problem: string } {
  if (!name.trim()) return { ok: false, problem: 'Give the agent a name.' }
  if (!draft.model) return { ok: false, problem: 'Pick a model first.' }
  if (agents.some((a) => a.id === draft.model)) return { ok: false, problem: 'The model is an agent: pick a model to base the new agent on.' }
  const built = buildChatRequest({ ...draft, messages: [{ id: 'probe', role: 'user', content: '.' }] })
  if (!built.ok) return { ok: false, problem: built.summary }
  const params: Record<string, unknown> = {}
  let tools: unknown[] = []
  for (const [k, v] of Object.entries(built.body)) {
    if (k === 'tools') tools = v as unknown[]
    else if (!PER_CALL.has(k)) params[k] = v
  }
  return {
    ok: true,
    input: { name: name.trim(), model: draft.model, system_prompt: draft.systemPrompt.trim() ? draft.systemPrompt : null, params, tools },
  }
}
