import { useState } from 'react'
import { Button } from '../../components/Button'
import { Dialog, DialogCancel } from '../../components/Dialog'
import { Field } from '../../components/Field'
import { JsonEditor } from '../../components/JsonEditor'
import { ErrorBanner } from '../../components/States'
import type { Agent } from '../../../../shared/admin-wire'
import { isPlainObject, parseJsonText, prettyJson } from '../../lib/json-text'
import { useRequest } from '../../lib/use-request'
import { useAppStore, useAppStoreShallow } from '../../stores/app-store'
import { selectChatModels } from '../../stores/catalog-selectors'

/** Editing an agent: its callable name, model, system prompt, parameters and tools (the gateway checks them as a request). */
export function AgentDialog({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const models = useAppStoreShallow(selectChatModels)
  const update = useAppStore((s) => s.updateAgent)
  const [name, setName] = useState(agent.name)
  const [model, setModel] = useState(agent.model)
  const [prompt, setPrompt] = useState(agent.system_prompt ?? '')
  const [params, setParams] = useState(prettyJson(agent.params))
  const [tools, setTools] = useState(prettyJson(agent.tools))
  const request = useRequest()
  const p = parseJsonText(params || '{}')
  const t = parseJsonText(tools || '[]')
  const paramsError = p.ok && !isPlainObject(p.value) ? 'An object of request fields, e.g. {"temperature": 0.2}.' : undefined
  const toolsError = t.ok && !Array.isArray(t.value) ? 'An array of tools.' : undefined
  const ready = name.trim() && p.ok && t.ok && !paramsError && !toolsError
  const save = () =>
    request.run(async () => {
      if (!p.ok || !t.ok) return
      await update(agent.id, { name: name.trim(), model, system_prompt: prompt.trim() ? prompt : null, params: p.value as Record<string, unknown>, tools: t.value as unknown[] })
      onClose()
    })
  return (
    <Dialog title={`Edit agent ${agent.name}`} wide dirty={name !== agent.name || model !== agent.model || prompt !== (agent.system_prompt ?? '') || params !== prettyJson(agent.params) || tools !== prettyJson(agent.tools)} onClose={onClose} footer={<><DialogCancel /><Button variant="primary" disabled={request.busy || !ready} onClick={() => void save()}>{request.busy ? 'Saving…' : 'Save agent'}</Button></>}>
      <div className="form-row">
        <Field label="Name" hint="Unique; clients can put it in model.">
          {(control) => <input {...control} className="input mono" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Model">
          {(control) => (
            <select {...control} className="input" value={model} onChange={(e) => setModel(e.target.value)}>
              {!models.some((m) => m.name === model) && <option value={model}>{model} (missing)</option>}
              {models.map((m) => <option key={m.id} value={m.name}>{m.name}</option>)}
            </select>
          )}
        </Field>
      </div>
      <Field label="System prompt">
        {(control) => <textarea {...control} className="input autogrow" value={prompt} onChange={(e) => setPrompt(e.target.value)} />}
      </Field>
      <JsonEditor label="Parameters" value={params} onChange={setParams} rows={5} error={paramsError} hint="Request fields the agent fills in when a call leaves them out." />
      <JsonEditor label="Tools" value={tools} onChange={setTools} rows={5} error={toolsError} />
      {request.error && <ErrorBanner>{request.error}</ErrorBanner>}
    </Dialog>
  )
}
