import { useEffect, useMemo } from 'react'
import { mcpLabelsIn, withMcpServer } from '../../lib/mcp-tool-entries'
import { useAppStore } from '../../stores/app-store'

/** The MCP servers the playground's team may use, with their tools: a switch per server adds it to this conversation's tools. */
export function McpToolsPanel() {
  const text = useAppStore((s) => s.playground.toolsText)
  const setText = useAppStore((s) => s.setToolsText)
  const teamId = useAppStore((s) => s.access.teamId ?? s.catalog.teams.find((t) => t.name === 'default')?.id ?? s.catalog.teams[0]?.id ?? null)
  const servers = useAppStore((s) => s.teamMcpTools)
  const load = useAppStore((s) => s.loadTeamMcpTools)
  useEffect(() => void (teamId && load(teamId)), [teamId, load])
  const on = useMemo(() => new Set(mcpLabelsIn(text)), [text])

  if (servers.status !== 'ready' || !servers.list.length) return null
  return (
    <fieldset className="mcp-tools-panel">
      <legend className="field-label">MCP servers</legend>
      {servers.list.map((s) => (
        <div key={s.label}>
          <label className="checkbox-inline">
            <input
              type="checkbox"
              checked={on.has(s.label)}
              onChange={(e) => {
                const next = withMcpServer(text, s.label, e.target.checked)
                if (next !== null) setText(next)
              }}
            />{' '}
            <strong>{s.label}</strong>
          </label>
          <span className="muted small"> {s.error ? s.error : s.tools.map((t) => t.name).join(', ')}</span>
        </div>
      ))}
    </fieldset>
  )
}
