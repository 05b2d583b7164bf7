import { useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { formatBalance } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'

/** The credits balance with a top-up; taking it below zero needs a confirmation (every request would get 402). */
export function BalanceCard() {
  const balance = useAppStore((s) => s.status?.credits.balance)
  const addCredits = useAppStore((s) => s.addCredits)
  const notify = useAppStore((s) => s.notify)
  const [amount, setAmount] = useState('')
  const [confirmed, setConfirmed] = useState(false)
  const n = Number(amount)
  const amountError = amount && (!Number.isFinite(n) || n === 0) ? 'A non-zero number of credits.' : undefined
  const belowZero = !amountError && amount !== '' && balance !== undefined && balance + n < 0
  return (
    <section className="card">
      <h2 className="card-label">Credits balance</h2>
      <p className="card-value" data-testid="usage-balance">{formatBalance(balance)}</p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault()
          if (amountError || !amount || (belowZero && !confirmed)) return
          addCredits(n, belowZero).then(() => (setAmount(''), setConfirmed(false), notify('Credits changed', 'success')), (err: unknown) => notify(messageOf(err), 'error'))
        }}
      >
        <div className="inline-form">
          <Field label="Add credits" hint="negative takes credits back" error={amountError}>
            {(control) => <input {...control} className="input input-sm mono" inputMode="decimal" value={amount} onChange={(e) => (setAmount(e.target.value), setConfirmed(false))} />}
          </Field>
          <Button type="submit" size="sm" disabled={!amount || !!amountError || (belowZero && !confirmed)}>{n < 0 ? 'Take back' : 'Add'}</Button>
        </div>
        {belowZero && (
          <label className="checkbox field-error">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
            This leaves the balance at {formatBalance(balance! + n)}, below zero: every request will be refused until credits are added. Do it anyway.
          </label>
        )}
      </form>
    </section>
  )
}
