import { useState } from 'react'
import type { BudgetPeriod, LimitsInfo } from '../../../shared/admin-wire'
import { BUDGET_PERIOD_NAMES } from '../../../shared/admin-wire'
import { Button } from './Button'
import { Dialog, DialogCancel } from './Dialog'
import { Field } from './Field'
import { ErrorBanner } from './States'

type ModelLimits = Record<string, { rpm_limit: number | null; tpm_limit: number | null }>

export interface LimitsValue extends LimitsInfo {
  local_only?: boolean
  keep_content?: boolean
  model_limits?: ModelLimits
}

const PERIOD_LABEL: Record<BudgetPeriod, string> = { '1d': 'Each day', '7d': 'Each week (from Monday)', '30d': 'Every 30 days', month: 'Each calendar month' }
const asText = (n: number | null | undefined) => (n == null ? '' : String(n))
const asLimit = (text: string): number | null => (text.trim() === '' ? null : Number(text))

/**
 * Rate limits and a renewing budget of a key, user or team (blank: none); with `policy`, a team's data
 * policy too, and with `models` (the team's), limits per model. `onSave` gets the whole value; its error
 * is shown in the dialog.
 */
export function LimitsDialog({ title, initial, policy = false, models, onSave, onClose }: { title: string; initial: LimitsValue; policy?: boolean; models?: string[]; onSave: (value: LimitsValue) => Promise<unknown>; onClose: () => void }) {
  const initialPerModel = Object.fromEntries((models ?? []).map((m) => [m, { rpm: asText(initial.model_limits?.[m]?.rpm_limit), tpm: asText(initial.model_limits?.[m]?.tpm_limit) }]))
  const [perModel, setPerModel] = useState(initialPerModel)
  const setModel = (model: string, field: 'rpm' | 'tpm', value: string) => setPerModel((old) => ({ ...old, [model]: { ...old[model]!, [field]: value } }))
  const [rpm, setRpm] = useState(asText(initial.rpm_limit))
  const [tpm, setTpm] = useState(asText(initial.tpm_limit))
  const [credits, setCredits] = useState(asText(initial.budget?.credits))
  const [period, setPeriod] = useState<BudgetPeriod>(initial.budget?.period ?? 'month')
  const [localOnly, setLocalOnly] = useState(initial.local_only ?? false)
  const [keepContent, setKeepContent] = useState(initial.keep_content ?? true)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const wholeOrBlank = (t: string) => t.trim() === '' || (Number.isInteger(Number(t)) && Number(t) > 0)
  const valid = wholeOrBlank(rpm) && wholeOrBlank(tpm) && (credits.trim() === '' || Number(credits) > 0) && Object.values(perModel).every((m) => wholeOrBlank(m.rpm) && wholeOrBlank(m.tpm))
  const dirty =
    JSON.stringify(perModel) !== JSON.stringify(initialPerModel) ||
    rpm !== asText(initial.rpm_limit) ||
    tpm !== asText(initial.tpm_limit) ||
    credits !== asText(initial.budget?.credits) ||
    period !== (initial.budget?.period ?? 'month') ||
    localOnly !== (initial.local_only ?? false) ||
    keepContent !== (initial.keep_content ?? true)
  const save = async () => {
    setBusy(true)
    setError(null)
    try {
      const budgetCredits = asLimit(credits)
      await onSave({
        rpm_limit: asLimit(rpm),
        tpm_limit: asLimit(tpm),
        budget: budgetCredits === null ? null : { credits: budgetCredits, period },
        ...(policy ? { local_only: localOnly, keep_content: keepContent } : {}),
        ...(models
          ? { model_limits: Object.fromEntries(Object.entries(perModel).filter(([, m]) => m.rpm.trim() || m.tpm.trim()).map(([name, m]) => [name, { rpm_limit: asLimit(m.rpm), tpm_limit: asLimit(m.tpm) }])) }
          : {}),
      })
      onClose()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog title={title} onClose={onClose} dirty={dirty} footer={<><DialogCancel /><Button variant="primary" disabled={!valid || busy} onClick={() => void save()}>{busy ? 'Saving…' : 'Save limits'}</Button></>}>
      <Field label="Requests per minute" hint="rpm_limit; blank for no limit. Over it, requests get 429 with Retry-After." error={wholeOrBlank(rpm) ? undefined : 'A whole number above 0, or blank.'}>
        {(control) => <input {...control} className="input" inputMode="numeric" value={rpm} onChange={(e) => setRpm(e.target.value)} />}
      </Field>
      <Field label="Tokens per minute" hint="tpm_limit; a request is counted for its input and max_tokens until its real usage is known." error={wholeOrBlank(tpm) ? undefined : 'A whole number above 0, or blank.'}>
        {(control) => <input {...control} className="input" inputMode="numeric" value={tpm} onChange={(e) => setTpm(e.target.value)} />}
      </Field>
      <Field label="Budget (credits)" hint="Blank for none. Once spent, requests get 402 until the period renews (UTC)." error={credits.trim() === '' || Number(credits) > 0 ? undefined : 'A number above 0, or blank.'}>
        {(control) => <input {...control} className="input" inputMode="decimal" value={credits} onChange={(e) => setCredits(e.target.value)} />}
      </Field>
      <Field label="Budget renews">
        {(control) => (
          <select {...control} className="input" value={period} onChange={(e) => setPeriod(e.target.value as BudgetPeriod)} disabled={credits.trim() === ''}>
            {BUDGET_PERIOD_NAMES.map((p) => <option key={p} value={p}>{PERIOD_LABEL[p]}</option>)}
          </select>
        )}
      </Field>
      {policy && (
        <fieldset className="stack">
          <legend className="section-title">Data policy</legend>
          <label><input type="checkbox" checked={localOnly} onChange={(e) => setLocalOnly(e.target.checked)} /> Local models only (local_only): requests for upstream models are refused</label>
          <label><input type="checkbox" checked={keepContent} onChange={(e) => setKeepContent(e.target.checked)} /> Keep prompts and answers (keep_content): off keeps no text in usage, stored completions or responses</label>
        </fieldset>
      )}
      {models && models.length > 0 && (
        <fieldset className="stack">
          <legend className="section-title">Limits per model</legend>
          <p className="small muted">Requests and tokens per minute of each model within the team (model_limits); blank for none.</p>
          {models.map((m) => (
            <div key={m} className="inline-form">
              <code>{m}</code>
              <input className="input input-sm" inputMode="numeric" aria-label={`Requests per minute of ${m}`} placeholder="rpm" value={perModel[m]!.rpm} onChange={(e) => setModel(m, 'rpm', e.target.value)} />
              <input className="input input-sm" inputMode="numeric" aria-label={`Tokens per minute of ${m}`} placeholder="tpm" value={perModel[m]!.tpm} onChange={(e) => setModel(m, 'tpm', e.target.value)} />
            </div>
          ))}
        </fieldset>
      )}
      {error && <ErrorBanner>{error}</ErrorBanner>}
    </Dialog>
  )
}
