import { useRef, useState } from 'react'
import type { TokenLogprob } from '../../api/chat-types'
import { probability } from '../../lib/format'

const tint = (logprob: number) => {
  const p = Math.exp(logprob)
  return p > 0.9 ? 'lp-high' : p > 0.5 ? 'lp-mid' : p > 0.2 ? 'lp-low' : 'lp-vlow'
}

/** A token as it reads on screen: spaces and newlines made visible. */
const shown = (token: string) => token.replace(/ /g, '·').replace(/\n/g, '⏎') || '∅'

const CARD_WIDTH = 240

/**
 * The answer as its tokens, tinted by probability. Hover a token (or focus the text and use the
 * arrow keys) to see its probability and the alternatives the model weighed.
 */
export function LogprobText({ tokens }: { tokens: TokenLogprob[] }) {
  const [active, setActive] = useState<number | null>(null)
  const [at, setAt] = useState({ left: 0, top: 0 })
  const wrap = useRef<HTMLDivElement>(null)
  const t = active === null ? null : tokens[active]
  const show = (i: number | null) => {
    setActive(i)
    const span = i === null ? null : (wrap.current?.querySelectorAll('.lp-token')[i] as HTMLElement | undefined)
    if (span && wrap.current) setAt({ left: Math.max(0, Math.min(span.offsetLeft, wrap.current.clientWidth - CARD_WIDTH)), top: span.offsetTop })
  }
  return (
    <div className="logprob-wrap" ref={wrap}>
      <div
        className="answer-text logprob-text"
        tabIndex={0}
        aria-label="Answer with token probabilities. Use the left and right arrow keys to inspect tokens."
        onMouseLeave={() => show(null)}
        onBlur={() => show(null)}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
          e.preventDefault()
          const step = e.key === 'ArrowRight' ? 1 : -1
          show(Math.min(tokens.length - 1, Math.max(0, (active ?? (step > 0 ? -1 : tokens.length)) + step)))
        }}
      >
        {tokens.map((tok, i) => (
          <span key={i} className={`lp-token ${tint(tok.logprob)}${i === active ? ' lp-active' : ''}`} onMouseEnter={() => show(i)} data-testid="logprob-token">
            {tok.token}
          </span>
        ))}
      </div>
      <div className="logprob-card" role="status" aria-live="polite" hidden={!t} style={{ left: at.left, top: at.top, width: CARD_WIDTH }}>
        {t && (
          <>
            <div className="logprob-card-head">
              <code>{shown(t.token)}</code>
              <strong>{probability(t.logprob)}</strong>
            </div>
            <div className="muted small">logprob {t.logprob.toFixed(4)}</div>
            {t.top_logprobs.length > 0 && (
              <ol className="logprob-alts" aria-label="Top alternatives">
                {t.top_logprobs.map((alt, i) => (
                  <li key={i}>
                    <code>{shown(alt.token)}</code> <span>{probability(alt.logprob)}</span>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </div>
  )
}
