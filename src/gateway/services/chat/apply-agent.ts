import type { AgentRow } from '../../store/repos/agents-repo'

type Body = Record<string, unknown> & { messages?: unknown }

/**
 * An agent is a saved preset. Its model, parameters and tools fill in what the request leaves out (the
 * request's own fields win); its system prompt leads the conversation unless the request brings one.
 */
export function applyAgent(agent: AgentRow, body: Body): Body {
  const messages = Array.isArray(body.messages) ? body.messages : []
  const hasSystem = messages.some((m) => m && typeof m === 'object' && ['system', 'developer'].includes((m as { role?: string }).role ?? ''))
  const merged: Body = { ...agent.params, ...(agent.tools.length ? { tools: agent.tools } : {}), ...body, model: agent.model }
  merged.messages = agent.systemPrompt && !hasSystem ? [{ role: 'system', content: agent.systemPrompt }, ...messages] : messages
  return merged
}
