import { Badge } from '../../components/Badge'
import type { ProviderProbe } from '../../../../shared/admin-wire'
import { formatMs } from '../../lib/format'

/** The answer of a "Test connection": connected (round trip, models listed) or why not. */
export function ProbeResult({ probe }: { probe: ProviderProbe | 'testing' | null }) {
  return (
    <span className="probe-result" role="status">
      {probe === 'testing' || !probe ? null : probe.ok ? (
        <>
          <Badge tone="ok">connected</Badge> {formatMs(probe.latency_ms)} · {probe.models.length} model{probe.models.length === 1 ? '' : 's'} listed
        </>
      ) : (
        <span className="field-error">{probe.error}</span>
      )}
    </span>
  )
}
