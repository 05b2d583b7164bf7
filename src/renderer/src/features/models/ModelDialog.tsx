import { useState } from 'react'
import { Button } from '../../components/Button'
import { Dialog, DialogCancel } from '../../components/Dialog'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import type { ModelInfo } from '../../../../shared/admin-wire'
import { useRequest } from '../../lib/use-request'
import { useAppStore, useAppStoreShallow } from '../../stores/app-store'
import { selectUpstreamProviders } from '../../stores/catalog-selectors'
import { deploymentsFrom, deploymentsText, MODEL_NAME, pricingFrom } from '../../lib/model-forms'
import type { RoutingStrategy } from '../../../../shared/deployments'

/** Adds a model on an upstream provider, or edits one made here: name, upstream id, aliases, prices, deployments. */
export function ModelDialog({ model, onClose }: { model?: ModelInfo; onClose: () => void }) {
  const providers = useAppStoreShallow(selectUpstreamProviders)
  const addModel = useAppStore((s) => s.addModel)
  const updateModel = useAppStore((s) => s.updateModel)
  const [provider, setProvider] = useState(model?.provider ?? providers[0]?.id ?? '')
  const [upstream, setUpstream] = useState(model?.upstream ?? '')
  const [name, setName] = useState(model?.name ?? '')
  const [aliases, setAliases] = useState(model?.aliases.join(', ') ?? '')
  const [input, setInput] = useState(model?.pricing.input?.toString() ?? '')
  const [output, setOutput] = useState(model?.pricing.output?.toString() ?? '')
  const [deployments, setDeployments] = useState(deploymentsText(model?.deployments))
  const [routing, setRouting] = useState<RoutingStrategy>(model?.routing ?? 'weighted')
  const request = useRequest()
  const spread = deploymentsFrom(deployments, providers.map((p) => p.id))
  const nameError = name && !MODEL_NAME.test(name) ? 'Letters, digits and . _ : / -' : undefined
  const pricing = pricingFrom(input, output)
  const aliasList = aliases.split(',').map((a) => a.trim()).filter(Boolean)
  const ready = !!provider && !!upstream.trim() && !!name && !nameError && pricing.ok && spread.ok
  const save = () =>
    request.run(async () => {
      if (!pricing.ok || !spread.ok) return
      const body = { name, provider, upstream: upstream.trim(), aliases: aliasList, pricing: { ...model?.pricing, ...pricing.pricing }, deployments: spread.deployments, routing: spread.deployments ? routing : null }
      if (model) await updateModel(model.id, body)
      else await addModel(body)
      onClose()
    })
  return (
    <Dialog title={model ? `Edit model ${model.name}` : 'Add a model'} dirty={upstream !== (model?.upstream ?? '') || name !== (model?.name ?? '') || aliases !== (model?.aliases.join(', ') ?? '') || input !== (model?.pricing.input?.toString() ?? '') || output !== (model?.pricing.output?.toString() ?? '') || deployments !== deploymentsText(model?.deployments)} onClose={onClose} footer={<><DialogCancel /><Button variant="primary" disabled={request.busy || !ready} onClick={() => void save()}>{request.busy ? 'Saving…' : 'Save model'}</Button></>}>
      <Field label="Provider" error={providers.length ? undefined : 'Add a provider first.'}>
        {(control) => (
          <select {...control} className="input" value={provider} onChange={(e) => setProvider(e.target.value)}>
            {providers.map((p) => <option key={p.id} value={p.id}>{p.id} ({p.type})</option>)}
          </select>
        )}
      </Field>
      <Field label="Model id at the provider">
        {(control) => <input {...control} className="input mono" value={upstream} placeholder="e.g. gpt-4o-mini" onChange={(e) => setUpstream(e.target.value)} />}
      </Field>
      <Field label="Name here" hint="What clients put in model." error={nameError}>
        {(control) => <input {...control} className="input mono" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Aliases" hint="Other names for it, separated by commas.">
        {(control) => <input {...control} className="input mono" value={aliases} onChange={(e) => setAliases(e.target.value)} />}
      </Field>
      <div className="form-row">
        <Field label="Input credits / 1M tokens" error={pricing.ok ? undefined : pricing.message}>
          {(control) => <input {...control} className="input" inputMode="decimal" value={input} onChange={(e) => setInput(e.target.value)} />}
        </Field>
        <Field label="Output credits / 1M tokens">
          {(control) => <input {...control} className="input" inputMode="decimal" value={output} onChange={(e) => setOutput(e.target.value)} />}
        </Field>
      </div>
      <Field label="Deployments" hint="Optional: serve this name from several providers, one provider/upstream and weight a line (e.g. east/gpt-4o-mini 3). A deployment that fails rests 30 s." error={spread.ok ? undefined : spread.message}>
        {(control) => <textarea {...control} className="input mono" rows={3} value={deployments} placeholder="east/gpt-4o-mini 3" onChange={(e) => setDeployments(e.target.value)} />}
      </Field>
      {spread.ok && spread.deployments && (
        <Field label="Spread requests">
          {(control) => (
            <select {...control} className="input" value={routing} onChange={(e) => setRouting(e.target.value as RoutingStrategy)}>
              <option value="weighted">By weight</option>
              <option value="least_in_flight">To the least busy</option>
            </select>
          )}
        </Field>
      )}
      {request.error && <ErrorBanner>{request.error}</ErrorBanner>}
    </Dialog>
  )
}
