import { useMemo, useState } from 'react'
import { Button } from '../../components/Button'
import { Dialog, DialogCancel } from '../../components/Dialog'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import type { ProviderProbe } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { useRequest } from '../../lib/use-request'
import { useAppStore } from '../../stores/app-store'
import { PROVIDER_ID, pricingFrom, providerIdFrom } from '../../lib/model-forms'
import { ProbeResult } from './ProbeResult'
import { pickProblem, ProviderModelPicker, type PickRow } from './ProviderModelPicker'

const TYPES = [
  { id: 'openai', label: 'OpenAI-compatible', url: 'https://api.openai.com/v1', hint: 'OpenAI, or any server with its API: Groq, Mistral, OpenRouter, vLLM, Ollama, LM Studio… The URL usually ends in /v1.' },
  { id: 'anthropic', label: 'Anthropic', url: 'https://api.anthropic.com', hint: 'Claude models through the Anthropic API.' },
] as const

/**
 * Connecting a provider without YAML: its URL and key, a live "Test connection", its model list to pick
 * from, names and prices, then one save. The key goes to the gateway (sealed there) and is never shown again.
 */
export function AddProviderDialog({ onClose, onAdded }: { onClose: () => void; onAdded?: (models: string[]) => void }) {
  const catalog = useAppStore((s) => s.catalog)
  const probeNew = useAppStore((s) => s.probeNewProvider)
  const addProvider = useAppStore((s) => s.addProvider)
  const notify = useAppStore((s) => s.notify)
  const [type, setType] = useState<'openai' | 'anthropic'>('openai')
  const [baseUrl, setBaseUrl] = useState('')
  const [apiKey, setApiKey] = useState('')
  const [idText, setIdText] = useState<string | null>(null)
  const [probe, setProbe] = useState<ProviderProbe | 'testing' | null>(null)
  const [rows, setRows] = useState<PickRow[]>([])
  const request = useRequest()

  const spec = TYPES.find((t) => t.id === type)!
  const id = idText ?? providerIdFrom(type, baseUrl, catalog.providers.map((p) => p.id))
  const urlError = baseUrl && !/^https?:\/\/\S+$/.test(baseUrl) ? 'An http:// or https:// URL.' : undefined
  const idError = !PROVIDER_ID.test(id) ? 'Letters, digits, dot, dash and underscore.' : catalog.providers.some((p) => p.id === id) ? `A provider “${id}” exists already.` : undefined
  const taken = useMemo(() => new Set([...catalog.models.flatMap((m) => [m.name, ...m.aliases]), ...catalog.agents.map((a) => a.name)]), [catalog])
  const problem = pickProblem(rows, taken)
  const listed = probe && probe !== 'testing' && probe.ok ? probe.models : []

  const test = async () => {
    setProbe('testing')
    try {
      const result = await probeNew({ type, base_url: baseUrl.trim() || null, api_key: apiKey.trim() || null })
      setProbe(result)
      if (result.ok && !rows.length && result.models.length === 1) setRows([{ upstream: result.models[0]!.id, name: result.models[0]!.id, input: '', output: '' }])
    } catch (e) {
      setProbe({ ok: false, status: null, latency_ms: 0, error: messageOf(e), models: [] })
    }
  }
  const save = () =>
    request.run(async () => {
      const models = rows.map((r) => ({ upstream: r.upstream, name: r.name, pricing: (pricingFrom(r.input, r.output) as { ok: true; pricing: object }).pricing }))
      const result = await addProvider({ id, type, base_url: baseUrl.trim() || null, api_key: apiKey.trim() || null }, models)
      notify(`Provider ${id} added${result.created.length ? ` with ${result.created.length} model${result.created.length > 1 ? 's' : ''}` : ''}`, 'success')
      if (result.failed.length) notify(`Not added: ${result.failed.map((f) => `${f.name} (${f.error})`).join('; ')}`, 'error')
      onAdded?.(result.created)
      onClose()
    })

  return (
    <Dialog
      title="Add a provider"
      wide
      dirty={!!(baseUrl.trim() || apiKey.trim() || idText !== null || rows.length)}
      onClose={onClose}
      footer={
        <>
          <DialogCancel />
          <Button variant="primary" disabled={request.busy || !!idError || !!urlError || !!problem} onClick={() => void save()}>
            {request.busy ? 'Saving…' : `Save provider${rows.length ? ` and ${rows.length} model${rows.length > 1 ? 's' : ''}` : ''}`}
          </Button>
        </>
      }
    >
      <fieldset className="segmented">
        <legend className="field-label">Kind of API</legend>
        {TYPES.map((t) => (
          <label key={t.id} className={`segment${type === t.id ? ' segment-on' : ''}`}>
            <input type="radio" name="provider-type" checked={type === t.id} onChange={() => (setType(t.id), setProbe(null))} /> {t.label}
          </label>
        ))}
      </fieldset>
      <p className="muted small">{spec.hint}</p>
      <div className="form-row">
        <Field label="Base URL" hint={`Empty: ${spec.url}`} error={urlError}>
          {(control) => <input {...control} className="input mono" type="url" value={baseUrl} placeholder={spec.url} onChange={(e) => (setBaseUrl(e.target.value), setProbe(null))} />}
        </Field>
        <Field label="API key" hint="Sealed by the gateway; never shown again.">
          {(control) => <input {...control} className="input mono" type="password" autoComplete="off" value={apiKey} onChange={(e) => (setApiKey(e.target.value), setProbe(null))} />}
        </Field>
        <Field label="Provider name" hint="How models and the config refer to it." error={idError}>
          {(control) => <input {...control} className="input mono" value={id} onChange={(e) => setIdText(e.target.value)} />}
        </Field>
      </div>
      <div className="probe-row">
        <Button icon="plug" disabled={probe === 'testing' || !!urlError} onClick={() => void test()}>{probe === 'testing' ? 'Testing…' : 'Test connection'}</Button>
        <ProbeResult probe={probe} />
      </div>
      <section className="stack" aria-label="Models to offer">
        <h3 className="section-title">Models to offer</h3>
        {!probe || probe === 'testing' ? <p className="muted small">Test the connection to import the provider’s model list, or type model ids below.</p> : null}
        <ProviderModelPicker listed={listed} rows={rows} onChange={setRows} />
        {problem && <p className="field-error" role="alert">{problem}</p>}
      </section>
      {request.error && <ErrorBanner>{request.error}</ErrorBanner>}
    </Dialog>
  )
}
