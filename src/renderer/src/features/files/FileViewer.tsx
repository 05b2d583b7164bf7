import { useEffect, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { Dialog } from '../../components/Dialog'
import { ErrorBanner, Spinner } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import { downloadFile } from '../../lib/download'

/** Shows a file's content (its first 200 KB) in a dialog, with a download of the whole. */
export function FileViewer({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const fetchContent = useAppStore((s) => s.downloadFile)
  const [blob, setBlob] = useState<Blob>()
  const [text, setText] = useState<string>()
  const [error, setError] = useState<string>()
  useEffect(() => {
    fetchContent(id).then(
      async (b) => {
        setBlob(b)
        setText(await b.slice(0, 200_000).text())
      },
      (e: unknown) => setError(messageOf(e)),
    )
  }, [id, fetchContent])
  return (
    <Dialog title={name} onClose={onClose} wide footer={<Button icon="download" disabled={!blob} onClick={() => blob && downloadFile(name, blob)}>Download</Button>}>
      {error ? <ErrorBanner>{error}</ErrorBanner> : text === undefined ? <Spinner label="Loading the file" /> : <pre className="code-block file-content" aria-label={`Content of ${name}`}>{text}</pre>}
    </Dialog>
  )
}
