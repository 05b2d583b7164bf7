import { useEffect, useState } from 'react'
import { PageHeader } from '../../components/PageHeader'
import { Notice } from '../../components/States'
import { Tabs } from '../../components/Tabs'
import { useAppStore } from '../../stores/app-store'
import { DropAudio } from './DropAudio'
import { RecorderPanel } from './RecorderPanel'
import { RecordingHistory } from './RecordingHistory'
import { RecordingView } from './RecordingView'
import { SpeechPanel } from './SpeechPanel'

const TABS = [
  { id: 'studio', label: 'Record & transcribe' },
  { id: 'speech', label: 'Speech' },
] as const

/** The audio studio: record and transcribe offline, play and edit transcripts, and speak text. */
export default function AudioPage() {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('studio')
  const status = useAppStore((s) => s.recordings.status)
  const select = useAppStore((s) => s.selectRecording)
  const load = useAppStore((s) => s.loadRecordings)
  const selected = useAppStore((s) => s.recordings.list.find((r) => r.id === s.recordings.selectedId && r.source !== 'speech')) ?? null
  useEffect(() => void load(), [load])

  return (
    <div className="page-inner">
      <PageHeader title="Audio" description="Record, transcribe and translate on this machine, and turn text into speech." />
      <Tabs label="Audio tools" tabs={TABS} value={tab} onChange={setTab} idPrefix="audio" />
      <div id="audio-panel" role="tabpanel" aria-labelledby={`audio-tab-${tab}`} className="audio-panel">
        {status === 'missing' && <Notice>This gateway keeps no recordings yet (<code>/admin/recordings</code>).</Notice>}
        {tab === 'studio' ? (
          <div className="studio-grid">
            <div className="studio-main stack">
              <RecorderPanel onFinished={(rec) => select(rec.id)} />
              <DropAudio onAdded={(rec) => select(rec.id)} />
              {selected && <RecordingView key={selected.id} recording={selected} />}
            </div>
            <aside className="studio-side">
              <RecordingHistory kind="studio" label="Recordings" onOpen={(r) => select(r.id)} />
            </aside>
          </div>
        ) : (
          <SpeechPanel />
        )}
      </div>
    </div>
  )
}
