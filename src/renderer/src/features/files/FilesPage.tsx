import { useEffect, useState } from 'react'
import { PageHeader } from '../../components/PageHeader'
import { Notice } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import { BatchesTable } from './BatchesTable'
import { FilesTable } from './FilesTable'
import { FileViewer } from './FileViewer'
import { UploadDrop } from './UploadDrop'

/** Batch files (`/v1/files`) and batches (`/v1/batches`): upload, list, run, watch, open the results. */
export default function FilesPage() {
  const status = useAppStore((s) => s.files.status)
  const load = useAppStore((s) => s.loadFiles)
  const hasKey = useAppStore((s) => !!s.access.key)
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null)
  useEffect(() => void load(), [load])

  return (
    <div className="page-inner">
      <PageHeader title="Files and batches" description="Batch input files as the playground's team sees them, the batches run from them, and their results." />
      {status === 'missing' ? (
        <Notice>This gateway has no file endpoints yet (<code>/v1/files</code>). They come with batch support.</Notice>
      ) : (
        <>
          {!hasKey && <Notice>Files and batches are listed with this browser's playground key. None is issued yet: the first upload here or send in the playground issues one, named after this browser (revoke it in Settings).</Notice>}
          <UploadDrop />
          <FilesTable onOpen={(f) => setOpen({ id: f.id, name: f.filename })} />
          <BatchesTable onOpenFile={(id, name) => setOpen({ id, name })} />
        </>
      )}
      {open && <FileViewer id={open.id} name={open.name} onClose={() => setOpen(null)} />}
    </div>
  )
}
