import { Badge } from '../../components/Badge'
import type { AnswerMeta } from '../../api/chat-result'
import { formatCredits, formatMs } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'

/** Under each answer: which model served it, how long it took, tokens, credits, fallbacks. */
export function AnswerMetaLine({ meta, finishReason }: { meta: AnswerMeta; finishReason: string | null }) {
  // A deployment that answered reads `<model id>@<provider>/<upstream>`: the model is the part before `@`.
  const modelId = meta.modelId?.split('@')[0]
  const modelName = useAppStore((s) => (modelId ? s.catalog.models.find((m) => m.id === modelId)?.name : undefined))
  const served = modelName ?? meta.responseModel ?? meta.requestedModel
  const u = meta.usage
  return (
    <div className="answer-meta" data-testid="answer-meta">
      <span title="Model that answered">{served}</span>
      <span title="Measured in this window, from send to the last byte">{formatMs(meta.latencyMs)}</span>
      {meta.firstTokenMs !== null && <span title="Time to the first token">first token {formatMs(meta.firstTokenMs)}</span>}
      {meta.serverMs !== null && <span title="X-Svc-Completion-Time-Ms: the gateway's own time">server {formatMs(meta.serverMs)}</span>}
      {u && <span title="Prompt → completion tokens">{u.prompt_tokens} → {u.completion_tokens} tok</span>}
      {u?.completion_tokens_details?.reasoning_tokens ? <span>{u.completion_tokens_details.reasoning_tokens} reasoning</span> : null}
      {u?.svc_credits_cost !== undefined && <span title="usage.svc_credits_cost" data-testid="answer-cost">{formatCredits(u.svc_credits_cost)} credits</span>}
      {!u && !meta.stopped && <span title="Turn on “Usage in stream” to see tokens and cost for streamed answers">no usage reported</span>}
      {finishReason && finishReason !== 'stop' && <Badge tone={finishReason === 'length' ? 'warn' : 'neutral'}>{finishReason}</Badge>}
      {meta.stopped && <Badge tone="warn">stopped</Badge>}
      {meta.fallbacksUsed.length > 0 && (
        <Badge tone="warn" title="X-Svc-Fallbacks-Used: models tried before the one that answered">
          fallback: tried {meta.fallbacksUsed.join(', ')}
        </Badge>
      )}
    </div>
  )
}
