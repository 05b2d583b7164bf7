import { useEffect, useState } from 'react'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ErrorBanner, SkeletonRows } from '../../components/States'
import type { FitVerdictWire, HubFilesInfo } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { formatBytes } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { ProgressBar } from './LocalModelRow'

const VERDICT: Record<FitVerdictWire, { label: string; tone: 'ok' | 'accent' | 'danger' }> = {
  fits_gpu: { label: 'fits on the GPU', tone: 'ok' },
  fits_ram: { label: 'fits in RAM', tone: 'accent' },
  too_large: { label: 'too large', tone: 'danger' },
}
const KIND_LABEL: Record<string, string> = { chat: 'chat', embedding: 'embeddings', whisper: 'speech to text', vad: 'voice detection' }
const count = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : String(n))

/** Any model on Hugging Face: a search box, a repository's files by quantization with their fit verdicts, its chat template, and the downloads. */
export function HubSearch() {
  const hub = useAppStore((s) => s.hub)
  const search = useAppStore((s) => s.searchHub)
  const open = useAppStore((s) => s.openHubRepo)
  const loadDownloads = useAppStore((s) => s.loadHubDownloads)
  const installedList = useAppStore((s) => s.localModels.list)
  const [query, setQuery] = useState(hub.query)
  // The manager's list changes when a download ends (installed or not): the hub downloads change with it.
  useEffect(() => void loadDownloads().catch(() => undefined), [loadDownloads, installedList])
  if (hub.status === 'missing') return null
  return (
    <section className="settings-section" aria-labelledby="hub-title">
      <h2 id="hub-title" className="section-title">Find a model on Hugging Face</h2>
      <form
        className="inline-form hub-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          if (query.trim()) void search(query.trim())
        }}
      >
        <div className="field">
          <input className="input" type="search" aria-label="Search Hugging Face" placeholder="qwen, llama 3.2, whisper…" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <Button type="submit" icon="search" disabled={!query.trim() || hub.status === 'loading'}>Search</Button>
      </form>
      <HubDownloads />
      {hub.status === 'error' && <ErrorBanner onRetry={() => void search(hub.query)}>{hub.error}</ErrorBanner>}
      {hub.status === 'loading' && <SkeletonRows rows={3} label="Searching Hugging Face" />}
      {hub.status === 'ready' && !hub.repos.length && <p className="muted small">No GGUF repository matches “{hub.query}”.</p>}
      {hub.repos.length > 0 && (
        <ul className="hub-repos" aria-label="Repositories found">
          {hub.repos.map((r) => (
            <li key={r.id}>
              <button type="button" className={`hub-repo${hub.repo === r.id ? ' selected' : ''}`} aria-pressed={hub.repo === r.id} onClick={() => void open(hub.repo === r.id ? null : r.id)}>
                <span className="mono">{r.id}</span>
                <span className="small muted">{KIND_LABEL[r.kind] ?? r.kind} · {count(r.downloads)} downloads</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {hub.repo && <HubFiles />}
    </section>
  )
}

/** The chosen repository's files: quantization, size, fit verdict, download; then its chat template. */
function HubFiles() {
  const hub = useAppStore((s) => s.hub)
  const open = useAppStore((s) => s.openHubRepo)
  const download = useAppStore((s) => s.downloadHubFile)
  const notify = useAppStore((s) => s.notify)
  const installed = useAppStore((s) => s.localModels.list)
  if (hub.filesStatus === 'loading') return <SkeletonRows rows={3} label={`Reading the files of ${hub.repo}`} />
  if (hub.filesStatus === 'error') return <ErrorBanner onRetry={() => void open(hub.repo)}>{hub.filesError}</ErrorBanner>
  const files: HubFilesInfo | null = hub.files
  if (!files) return null
  const busy = new Set(hub.downloads.map((d) => d.name))
  return (
    <div className="stack" data-testid="hub-files">
      <h3 className="small">
        {files.repo} <span className="muted">· {files.header?.architecture ?? files.kind}{files.header?.parameters ? ` · ${count(files.header.parameters)} parameters` : ''}{files.header ? ` · verdicts for ${files.header.context_size} tokens of context on the ${files.machine.backend === 'cpu' ? 'CPU' : 'GPU'}` : ''}</span>
      </h3>
      {files.header_error && <p className="small muted">The header could not be read ({files.header_error}); the verdicts go by file size.</p>}
      <div className="table-wrap" tabIndex={0} role="region" aria-label={`Files of ${files.repo}`}>
        <table className="table table-cards">
          <thead><tr><th scope="col">File</th><th scope="col">Quant</th><th scope="col">Size</th><th scope="col">Fit</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {files.data.map((f) => {
              const verdict = VERDICT[f.verdict]
              const have = installed.some((m) => m.name === f.name && m.installed)
              return (
                <tr key={f.file}>
                  <td data-label="File" className="mono small break">{f.file}{f.parts > 1 && <div className="muted">{f.parts} parts: not downloadable here</div>}</td>
                  <td data-label="Quant"><strong>{f.quant ?? '—'}</strong></td>
                  <td data-label="Size" className="small">{formatBytes(f.size_bytes)}</td>
                  <td data-label="Fit"><Badge tone={verdict.tone} title={`needs about ${formatBytes(f.need_bytes)}`}>{verdict.label}</Badge> <span className="small muted">~{formatBytes(f.need_bytes)}</span></td>
                  <td className="row-actions">
                    {have ? (
                      <Badge tone="ok">installed</Badge>
                    ) : (
                      <Button size="sm" icon="download" aria-label={`Download ${f.file}`} disabled={f.parts > 1 || busy.has(f.name)} onClick={() => void download(files.repo, f.file).catch((e: unknown) => notify(messageOf(e), 'error'))}>
                        Download
                      </Button>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {files.header && (
        <details className="template-preview">
          <summary>Chat template{files.header.chat_wrapper ? ` (${files.header.chat_wrapper})` : ''}</summary>
          {files.header.template_sample && (
            <>
              <p className="small muted">A short conversation as the model will read it:</p>
              <pre className="mono small" data-testid="template-sample">{files.header.template_sample}</pre>
            </>
          )}
          <p className="small muted">{files.header.chat_template ? 'The Jinja template in the file:' : 'The file carries no chat template; the format above is chosen from its name and architecture.'}</p>
          {files.header.chat_template && <pre className="mono small">{files.header.chat_template}</pre>}
        </details>
      )}
    </div>
  )
}

/** Hub downloads in progress, paused or failed, with pause and resume. */
function HubDownloads() {
  const downloads = useAppStore((s) => s.hub.downloads)
  const progress = useAppStore((s) => s.localModels.progress)
  const pause = useAppStore((s) => s.pauseLocalModel)
  const resume = useAppStore((s) => s.resumeHubDownload)
  const reload = useAppStore((s) => s.loadHubDownloads)
  const notify = useAppStore((s) => s.notify)
  const act = (fn: () => Promise<unknown>) => void fn().then(reload).catch((e: unknown) => notify(messageOf(e), 'error'))
  if (!downloads.length) return null
  return (
    <ul className="stack hub-downloads" aria-label="Downloads from Hugging Face">
      {downloads.map((d) => {
        const live = progress[d.name]
        const received = Math.max(d.received_bytes, live?.receivedBytes ?? 0)
        const label = d.state === 'downloading' ? 'Downloading' : d.state === 'paused' ? 'Paused at' : 'Stopped at'
        return (
          <li key={d.name} className="hub-download">
            <div><strong className="mono small">{d.file}</strong> <span className="muted small">from {d.repo}</span></div>
            <ProgressBar name={d.name} received={received} total={d.total_bytes} label={label} />
            {d.error && <p className="field-error">{d.error}</p>}
            <div className="row-actions">
              {d.state === 'downloading' ? (
                <Button size="sm" icon="pause" aria-label={`Pause ${d.name}`} onClick={() => act(() => pause(d.name))}>Pause</Button>
              ) : (
                <Button size="sm" icon="play" aria-label={`Resume ${d.name}`} onClick={() => act(() => resume(d.name))}>Resume</Button>
              )}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
