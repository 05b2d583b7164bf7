import { useState } from 'react'
import { Button } from '../../components/Button'
import { CopyButton } from '../../components/CopyButton'
import { Dialog } from '../../components/Dialog'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import type { Agent } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { agentFromDraft } from '../../lib/agent-from-draft'
import { useAppStore } from '../../stores/app-store'

/** Save as agent: the current model, prompt, parameters and tools, callable by its name or UUID as `model`. */
export function SaveAgentDialog({ onClose }: { onClose: () => void }) {
  const draft = useAppStore((s) => s.playground)
  const agents = useAppStore((s) => s.catalog.agents)
  const createAgent = useAppStore((s) => s.createAgent)
  const baseUrl = useAppStore((s) => s.gatewayUrl)
  const [name, setName] = useState(draft.model ? `${draft.model}-agent` : '')
  const [error, setError] = useState<string>()
  const [saved, setSaved] = useState<Agent>()
  const [busy, setBusy] = useState(false)
  const plan = agentFromDraft(draft, name, agents)

  if (saved) {
    const example = `curl -sS '${baseUrl}/v1/chat/completions' -H "Authorization: Bearer $GATEHOUSE_API_KEY" -H 'Content-Type: application/json' -d '{"model": ${JSON.stringify(saved.name)}, "messages": [{"role": "user", "content": "Hello"}]}'`
    return (
      <Dialog key="saved" title="Agent saved" onClose={onClose} footer={<Button variant="primary" onClick={onClose}>Done</Button>}>
        <p>Call <strong>{saved.name}</strong> from any OpenAI client by putting its name (or its id) in <code>model</code>. It brings its own prompt, parameters and tools.</p>
        <div className="copy-row">
          <code data-testid="agent-id">{saved.id}</code>
          <CopyButton text={saved.id} label="Copy agent id" size="sm" />
        </div>
        <pre className="code-block">{example}</pre>
        <CopyButton text={example} label="Copy curl example" showText size="sm" />
      </Dialog>
    )
  }
  return (
    <Dialog
      key="form"
      title="Save as agent"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={!plan.ok || busy}
            onClick={async () => {
              if (!plan.ok) return
              setBusy(true)
              try {
                setSaved(await createAgent(plan.input))
              } catch (e) {
                setError(messageOf(e))
              } finally {
                setBusy(false)
              }
            }}
          >
            {busy ? 'Saving…' : 'Save agent'}
          </Button>
        </>
      }
    >
      <Field label="Name" hint="Unique; clients put it in model." error={plan.ok ? undefined : plan.problem}>
        {(control) => <input {...control} className="input" value={name} autoFocus onChange={(e) => setName(e.target.value)} />}
      </Field>
      {plan.ok && (
        <ul className="summary-list">
          <li>Model <code>{plan.input.model}</code></li>
          <li>{plan.input.system_prompt ? `System prompt (${plan.input.system_prompt.length} characters)` : 'No system prompt'}</li>
          <li>{Object.keys(plan.input.params ?? {}).length ? `Parameters: ${Object.keys(plan.input.params ?? {}).join(', ')}` : 'Default parameters'}</li>
          <li>{plan.input.tools?.length ? `${plan.input.tools.length} tool(s)` : 'No tools'}</li>
        </ul>
      )}
      {error && <ErrorBanner>{error}</ErrorBanner>}
    </Dialog>
  )
}
