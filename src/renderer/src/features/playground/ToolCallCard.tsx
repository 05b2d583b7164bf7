import { useId, useState } from 'react'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { Icon } from '../../components/Icon'
import type { ToolCall } from '../../api/chat-types'
import { parseJsonText } from '../../lib/json-text'

/** A function call the model made: name, arguments, and (while unanswered) a box for the result. */
export function ToolCallCard({ call, answerable, onAnswer }: { call: ToolCall; answerable: boolean; onAnswer?: (content: string) => void }) {
  const id = useId()
  const [result, setResult] = useState('')
  const args = parseJsonText(call.function.arguments || '{}')
  return (
    <div className="tool-card" data-testid="tool-call">
      <div className="tool-card-head">
        <Icon name="tool" size={14} />
        <span className="tool-card-name">{call.function.name || '…'}</span>
        <code className="tool-card-id">{call.id}</code>
        {!args.ok && <Badge tone="warn" title={args.message}>arguments are not valid JSON</Badge>}
      </div>
      <pre className="code-block">{args.ok ? JSON.stringify(args.value, null, 2) : call.function.arguments}</pre>
      {answerable && onAnswer && (
        <form
          className="tool-card-answer"
          onSubmit={(e) => {
            e.preventDefault()
            if (result.trim()) onAnswer(result)
          }}
        >
          <label htmlFor={id} className="field-label">Result of {call.function.name}</label>
          <textarea id={id} className="input mono" rows={3} value={result} placeholder='{"temperature": 21}' onChange={(e) => setResult(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault()
                if (result.trim()) onAnswer(result)
              }
            }}
          />
          <div className="row-end">
            <Button type="submit" size="sm" variant="primary" icon="send" disabled={!result.trim()}>Send result</Button>
          </div>
        </form>
      )}
    </div>
  )
}
