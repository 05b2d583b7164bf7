import { useCallback, useEffect, useState } from 'react'
import { messageOf } from '../../api/api-error'
import type { WatchFoldersStatus } from '../../api/recordings-api'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import { formatBytes } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'

const STATE_BADGE = { settling: 'badge-warn', queued: 'badge-warn', transcribing: 'badge-warn', done: 'badge-ok', failed: 'badge-danger' } as const
const STATE_LABEL = { settling: 'still being written', queued: 'queued', transcribing: 'transcribing', done: 'transcribed', failed: 'failed' } as const

/**
 * Folders whose new audio and video files become transcribed recordings (audio.watch_folders in the
 * config, or added here), with what became of each file; refreshed while any is on its way.
 */
export function WatchFoldersSection() {
  const api = useAppStore((s) => s.watchFoldersApi)
  const models = useAppStore((s) => s.catalog.models)
  const teams = useAppStore((s) => s.catalog.teams)
  const [status, setStatus] = useState<WatchFoldersStatus | null>(null)
  const [error, setError] = useState<string>()
  const [path, setPath] = useState('')
  const [model, setModel] = useState('')
  const [team, setTeam] = useState('')
  const transcription = models.filter((m) => m.kind === 'transcription').map((m) => m.name)
  const chosenModel = model || transcription[0] || ''
  const refresh = useCallback(() => api.watchFolders().then(setStatus, (e: unknown) => setError(messageOf(e))), [api])
  useEffect(() => void refresh(), [refresh])
  const busy = status?.files.some((f) => f.state !== 'done' && f.state !== 'failed') ?? false
  useEffect(() => {
    if (!busy) return
    const t = setInterval(() => void refresh(), 2000)
    return () => clearInterval(t)
  }, [busy, refresh])

  const own = (status?.folders ?? []).filter((f) => f.source === 'admin').map(({ source: _source, problem: _problem, ...f }) => f)
  const save = async (folders: typeof own) => {
    setError(undefined)
    try {
      setStatus(await api.setWatchFolders(folders))
      return true
    } catch (e) {
      setError(messageOf(e))
      return false
    }
  }
  const check = async () => {
    setError(undefined)
    try {
      setStatus(await api.checkWatchFolders())
    } catch (e) {
      setError(messageOf(e))
    }
  }

  return (
    <section className="settings-section" aria-labelledby="watch-folders-title">
      <h2 className="section-title" id="watch-folders-title">Watch folders</h2>
      <p className="muted">An audio or video file put in one of these folders is transcribed into a recording once it has finished copying, once (a file changed later is transcribed again).</p>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {status && (
        <>
          {status.folders.length > 0 && (
            <ul className="watch-files" aria-label="Watched folders">
              {status.folders.map((f) => (
                <li key={f.path} className="watch-file">
                  <code>{f.path}</code>
                  <span className="small muted">{f.model}{f.language ? ` · ${f.language}` : ''}{f.team ? ` · team ${f.team}` : ''}{f.source === 'config' ? ' · config file' : ''}</span>
                  {f.problem && <span className="small badge badge-danger">{f.problem}</span>}
                  {f.source === 'admin' && <Button size="sm" variant="ghost" icon="trash" aria-label={`Stop watching ${f.path}`} onClick={() => void save(own.filter((o) => o.path !== f.path))} />}
                </li>
              ))}
            </ul>
          )}
          <form className="form-row" aria-label="Add a watch folder" onSubmit={(e) => (e.preventDefault(), void save([...own, { path: path.trim(), model: chosenModel, ...(team ? { team } : {}) }]).then((ok) => ok && setPath('')))}>
            <Field label="Folder" hint="an absolute path on the gateway's machine">
              {(control) => <input {...control} className="input input-sm" value={path} placeholder="/home/ana/Recordings" onChange={(e) => setPath(e.target.value)} />}
            </Field>
            <Field label="Model">
              {(control) => (
                <select {...control} className="input input-sm" value={chosenModel} onChange={(e) => setModel(e.target.value)}>
                  {transcription.map((m) => <option key={m}>{m}</option>)}
                </select>
              )}
            </Field>
            {teams.length > 1 && (
              <Field label="Team">
                {(control) => (
                  <select {...control} className="input input-sm" value={team} onChange={(e) => setTeam(e.target.value)}>
                    <option value="">Choose a team</option>
                    {teams.map((t) => <option key={t.id} value={t.name}>{t.name}</option>)}
                  </select>
                )}
              </Field>
            )}
            <Button type="submit" size="sm" disabled={!path.trim() || !chosenModel}>Watch</Button>
          </form>
          <div className="section-head">
            <h3 className="field-label">Files</h3>
            <Button size="sm" onClick={() => void check()}>Check now</Button>
          </div>
          {status.files.length === 0 ? (
            <p className="small muted">No file seen yet.</p>
          ) : (
            <ul className="watch-files" aria-label="Files of the watch folders">
              {status.files.map((f) => (
                <li key={f.path} className="watch-file">
                  <span className={`badge ${STATE_BADGE[f.state]}`}>{STATE_LABEL[f.state]}</span>
                  <code>{f.path}</code>
                  <span className="small muted">{formatBytes(f.size)}</span>
                  {f.error && <span className="small">{f.error}</span>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
