import { useEffect, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { Field } from '../../components/Field'
import { ErrorBanner, Notice } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import type { McpServerInfo } from '../../../../shared/mcp-wire'

type Draft = { label: string; target: string; args: string; secrets: string }
const EMPTY: Draft = { label: '', target: '', args: '', secrets: '' }

/** `KEY=value` lines: a stdio server's environment or an HTTP server's headers (`Name: value`). */
function parsePairs(text: string, sep: '=' | ':'): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const at = line.indexOf(sep)
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim()
  }
  return out
}

/** MCP servers whose tools the teams' requests may use: add one, test it (lists its tools), enable it per team, remove it. */
export function McpServersSection() {
  const servers = useAppStore((s) => s.mcpServers)
  const probes = useAppStore((s) => s.mcpProbes)
  const teams = useAppStore((s) => s.catalog.teams)
  const load = useAppStore((s) => s.loadMcpServers)
  const loadCatalog = useAppStore((s) => s.loadCatalog)
  const create = useAppStore((s) => s.createMcpServer)
  const setTeam = useAppStore((s) => s.setMcpServerTeam)
  const remove = useAppStore((s) => s.deleteMcpServer)
  const probe = useAppStore((s) => s.probeMcpServer)
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [error, setError] = useState<string>()
  useEffect(() => {
    void load()
    void loadCatalog()
  }, [load, loadCatalog])

  const isUrl = /^https?:\/\//.test(draft.target.trim())
  async function add() {
    setError(undefined)
    try {
      const target = draft.target.trim()
      await create(
        isUrl
          ? { label: draft.label.trim(), url: target, headers: parsePairs(draft.secrets, ':') }
          : { label: draft.label.trim(), command: target, args: draft.args.split(/\s+/).filter(Boolean), env: parsePairs(draft.secrets, '=') },
      )
      setDraft(EMPTY)
    } catch (e) {
      setError(messageOf(e))
    }
  }

  const toggleTeam = (s: McpServerInfo, team: { id: string; name: string }, on: boolean) =>
    void setTeam(s.id, team, on).catch((e: unknown) => setError(messageOf(e)))

  return (
    <section className="settings-section" aria-labelledby="mcp-servers-title">
      <h2 className="section-title" id="mcp-servers-title">MCP servers</h2>
      <p className="muted">Tools from MCP servers, for any model: a request names a server with <code>{'{"type": "mcp", "server_label": "…"}'}</code> and the gateway runs the calls. A team reaches only the servers enabled for it here.</p>
      {servers.status === 'missing' && <Notice>This gateway does not host MCP servers.</Notice>}
      {servers.status === 'error' && <ErrorBanner onRetry={() => void load()}>{servers.error}</ErrorBanner>}
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <ul className="session-list" aria-label="MCP servers">
        {servers.list.map((s) => {
          const result = probes[s.id]
          return (
            <li key={s.id} className="mcp-server">
              <span className="mcp-server-info">
                <strong>{s.label}</strong> <span className="muted small mono mcp-server-target">{s.transport === 'stdio' ? [s.command, ...s.args].join(' ') : s.url}</span>
                {s.source === 'config' && <span className="muted small"> (config file)</span>}
                <span className="small mcp-server-teams" role="group" aria-label={`Teams of ${s.label}`}>
                  {teams.map((t) => (
                    <label key={t.id} className="checkbox-inline">
                      <input type="checkbox" disabled={s.source === 'config'} checked={s.teams.some((x) => x.team_id === t.id)} onChange={(e) => toggleTeam(s, t, e.target.checked)} /> {t.name}
                    </label>
                  ))}
                </span>
                {result && ('error' in result ? <span className="error-text small"> {result.error}</span> : <span className="muted small"> Tools: {result.tools.map((t) => t.name).join(', ') || 'none'}</span>)}
              </span>
              <span className="mcp-server-actions">
                <Button size="sm" variant="ghost" onClick={() => void probe(s.id)}>Test</Button>
                {s.source === 'admin' && (
                  <ConfirmButton size="sm" variant="ghost" confirmLabel="Confirm remove" aria-label={`Remove ${s.label}`} onConfirm={() => void remove(s.id)}>
                    Remove
                  </ConfirmButton>
                )}
              </span>
            </li>
          )
        })}
      </ul>
      <form className="mcp-server-form" aria-label="Add an MCP server" onSubmit={(e) => (e.preventDefault(), void add())}>
        <Field label="Label">{(control) => <input {...control} className="input input-sm" value={draft.label} onChange={(e) => setDraft({ ...draft, label: e.target.value })} />}</Field>
        <Field label="Command or URL" hint="a command the gateway starts (stdio), or http(s)://… (streamable HTTP)">
          {(control) => <input {...control} className="input input-sm mono" value={draft.target} onChange={(e) => setDraft({ ...draft, target: e.target.value })} />}
        </Field>
        {!isUrl && <Field label="Arguments">{(control) => <input {...control} className="input input-sm mono" value={draft.args} onChange={(e) => setDraft({ ...draft, args: e.target.value })} />}</Field>}
        <Field label={isUrl ? 'Headers (Name: value per line)' : 'Environment (KEY=value per line)'} hint="stored sealed, never shown again">
          {(control) => <textarea {...control} className="input input-sm mono" rows={2} value={draft.secrets} onChange={(e) => setDraft({ ...draft, secrets: e.target.value })} />}
        </Field>
        <Button type="submit" size="sm" disabled={!draft.label.trim() || !draft.target.trim()}>Add server</Button>
      </form>
    </section>
  )
}
