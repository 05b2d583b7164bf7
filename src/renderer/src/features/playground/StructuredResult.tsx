import { Badge } from '../../components/Badge'
import { checkStructuredAnswer } from '../../lib/response-format'

/** A JSON-mode or JSON-schema answer, parsed: the value, and whether it fits the schema's top level. */
export function StructuredResult({ content, schema }: { content: string; schema?: unknown }) {
  if (!content.trim()) return null
  const result = checkStructuredAnswer(content, schema)
  return (
    <section className="structured" aria-label="Parsed result">
      <div className="structured-head">
        <span>Parsed result</span>
        {!result.ok ? <Badge tone="danger">not valid JSON</Badge> : result.problems.length ? <Badge tone="warn">does not match the schema</Badge> : <Badge tone="ok">{schema ? 'matches the schema' : 'valid JSON'}</Badge>}
      </div>
      {result.ok ? (
        <>
          <pre className="code-block" data-testid="structured-result">{JSON.stringify(result.value, null, 2)}</pre>
          {result.problems.length > 0 && (
            <ul className="structured-problems">
              {result.problems.map((p) => <li key={p}>{p}</li>)}
            </ul>
          )}
        </>
      ) : (
        <p className="field-error">{result.message}</p>
      )}
    </section>
  )
}
