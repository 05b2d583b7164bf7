import { useState } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { messageOf } from '../../api/api-error'
import { useAppStore } from '../../stores/app-store'
import { MODEL_NAME } from '../../lib/model-forms'

/** Import of a model file that is already on the gateway's machine (copied in, checked, never moved). */
export function ImportModelForm() {
  const importModel = useAppStore((s) => s.importLocalModel)
  const notify = useAppStore((s) => s.notify)
  const [path, setPath] = useState('')
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const nameError = name && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name) ? 'Letters, digits, dot, dash and underscore, up to 64.' : undefined
  return (
    <section className="settings-section" aria-labelledby="import-title">
      <h2 id="import-title" className="section-title">Import a model file</h2>
      <form
        className="form-row"
        onSubmit={async (e) => {
          e.preventDefault()
          setBusy(true)
          setError(undefined)
          try {
            await importModel({ path: path.trim(), name: name.trim() })
            notify(`Imported ${name}`, 'success')
            setPath('')
            setName('')
          } catch (err) {
            setError(messageOf(err))
          } finally {
            setBusy(false)
          }
        }}
      >
        <Field label="File path on the gateway's machine" hint="A whisper.cpp ggml file, e.g. /home/me/models/ggml-base.bin" error={error}>
          {(control) => <input {...control} className="input mono" value={path} onChange={(e) => setPath(e.target.value)} />}
        </Field>
        <Field label="Name" hint="A catalog name (tiny, base.en…) checks the file against the catalog." error={nameError}>
          {(control) => <input {...control} className="input mono" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <div className="form-submit">
          <Button type="submit" disabled={busy || !path.trim() || !name.trim() || !!nameError || !MODEL_NAME.test(name)}>{busy ? 'Importing…' : 'Import'}</Button>
        </div>
      </form>
    </section>
  )
}
