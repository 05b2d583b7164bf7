import type { McpCallProgress } from '../../../../shared/chat/types'

const STATUS: Record<McpCallProgress['status'], string> = { in_progress: 'running…', completed: 'done', failed: 'failed' }

/** The MCP tools the gateway ran for the model during this answer, as they run. */
export function McpCallList({ calls }: { calls: McpCallProgress[] }) {
  return (
    <ul className="mcp-calls small muted" aria-label="MCP tool calls">
      {calls.map((c) => (
        <li key={c.id} className={`mcp-call mcp-call-${c.status}`}>
          <span className="mono">{c.server_label}/{c.name}</span>(<span className="mono">{c.arguments}</span>) {STATUS[c.status]}
          {c.error && <span className="error-text"> {c.error}</span>}
        </li>
      ))}
    </ul>
  )
}
