import { useState } from 'react'
import { Button } from '../../components/Button'
import { Dialog, DialogCancel } from '../../components/Dialog'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import type { ProviderInfo } from '../../../../shared/admin-wire'
import { useRequest } from '../../lib/use-request'
import { useAppStore } from '../../stores/app-store'

/** A provider's URL and key; the key field only replaces the stored one (it is never read back). */
export function EditProviderDialog({ provider, onClose }: { provider: ProviderInfo; onClose: () => void }) {
  const update = useAppStore((s) => s.updateProvider)
  const [baseUrl, setBaseUrl] = useState(provider.base_url ?? '')
  const [apiKey, setApiKey] = useState('')
  const request = useRequest()
  const urlError = baseUrl && !/^https?:\/\/\S+$/.test(baseUrl) ? 'An http:// or https:// URL.' : undefined
  const save = () =>
    request.run(async () => {
      await update(provider.id, { base_url: baseUrl.trim() || null, ...(apiKey.trim() ? { api_key: apiKey.trim() } : {}) })
      onClose()
    })
  return (
    <Dialog title={`Edit provider ${provider.id}`} dirty={baseUrl !== (provider.base_url ?? '') || !!apiKey} onClose={onClose} footer={<><DialogCancel /><Button variant="primary" disabled={request.busy || !!urlError} onClick={() => void save()}>{request.busy ? 'Saving…' : 'Save'}</Button></>}>
      <Field label="Base URL" hint="Empty: the provider's public API" error={urlError}>
        {(control) => <input {...control} className="input mono" type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />}
      </Field>
      <Field label="New API key" hint={provider.has_api_key ? 'A key is stored; leave empty to keep it.' : 'No key is stored.'}>
        {(control) => <input {...control} className="input mono" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />}
      </Field>
      {request.error && <ErrorBanner>{request.error}</ErrorBanner>}
    </Dialog>
  )
}
