import { useEffect } from 'react'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ErrorBanner } from '../../components/States'
import { formatBytes } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'

const BACKEND_TITLE: Record<string, string> = { cpu: 'CPU', metal: 'Metal GPU', cuda: 'CUDA GPU', vulkan: 'Vulkan GPU' }
const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path

/** Where llama.cpp runs (GPU or CPU, and why), the machine's memory, and the models loaded now with theirs. */
export function EnginePanel() {
  const engines = useAppStore((s) => s.engines)
  const load = useAppStore((s) => s.loadEngines)
  useEffect(() => void load(), [load])
  if (engines.status === 'missing') return null
  const llama = engines.info?.llama
  return (
    <section className="settings-section" aria-labelledby="engine-title" data-testid="engine-panel">
      <div className="section-head">
        <h2 id="engine-title" className="section-title">Engine</h2>
        <Button size="sm" variant="ghost" icon="rerun" onClick={() => void load()}>Refresh</Button>
      </div>
      {engines.status === 'error' && <ErrorBanner onRetry={() => void load()}>{engines.error}</ErrorBanner>}
      {!llama ? (
        engines.status === 'loading' && <p className="muted small">Asking llama.cpp which build it runs on…</p>
      ) : (
        <>
          <p>
            llama.cpp runs on <Badge tone={llama.backend === 'cpu' ? 'warn' : 'ok'}>{BACKEND_TITLE[llama.backend] ?? llama.backend}</Badge>{' '}
            <span className="small muted">(engines.gpu: {llama.requested}{llama.devices.length ? `; ${llama.devices.join(', ')}` : ''})</span>
          </p>
          {llama.reason && <p className="small muted" data-testid="engine-reason">{llama.reason}</p>}
          <p className="small">
            {llama.vram && <>VRAM {formatBytes(llama.vram.free_bytes)} free of {formatBytes(llama.vram.total_bytes)} · </>}
            RAM {formatBytes(llama.ram.free_bytes)} free of {formatBytes(llama.ram.total_bytes)}
          </p>
          {llama.loaded.length === 0 ? (
            <p className="muted small">No model is loaded now; one loads on its first request.</p>
          ) : (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Loaded models">
              <table className="table table-cards">
                <thead><tr><th scope="col">Loaded model</th><th scope="col">Memory</th><th scope="col">Requests</th><th scope="col">Unloads</th></tr></thead>
                <tbody>
                  {llama.loaded.map((m) => (
                    <tr key={m.file}>
                      <td data-label="Loaded model"><strong>{m.name ?? baseName(m.file)}</strong><div className="muted small mono">{baseName(m.file)}</div></td>
                      <td data-label="Memory" className="small">{formatBytes(m.ram_bytes)} RAM{m.vram_bytes ? ` · ${formatBytes(m.vram_bytes)} VRAM` : ''}</td>
                      <td data-label="Requests" className="small">{m.running} running of {m.parallel}{m.queued ? `, ${m.queued} waiting` : ''}</td>
                      <td data-label="Unloads" className="small">{m.expires_at ? new Date(m.expires_at).toLocaleTimeString() : m.running ? 'after its requests' : 'stays loaded'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  )
}
