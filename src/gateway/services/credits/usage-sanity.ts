/** The counts a usage row keeps, as an upstream (or an engine) reported them. */
export interface UsageCounters {
  promptTokens?: number
  completionTokens?: number
  cachedTokens?: number
  cacheCreationTokens?: number
  characters?: number
  audioSeconds?: number
}

export interface CheckedCharge {
  /** The refused counts, each as 0; null when every count was sane (the report is kept as it is). */
  counters: UsageCounters | null
  creditsMicro: number
  /** True when a count was refused and zeroed: the charge is then the hold, not a price of counts. */
  refused: boolean
  /** What was wrong, for the log; null for a sane report. */
  anomaly: string | null
}

const INTEGER_COUNTS = ['promptTokens', 'completionTokens', 'cachedTokens', 'cacheCreationTokens', 'characters'] as const
const isCount = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0
const isSeconds = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0

/** The fields of a report that are not sane counts, or null (the common case: no allocation). */
function refusedCounts(counters: UsageCounters): string[] | null {
  let refused: string[] | null = null
  for (const field of INTEGER_COUNTS) {
    const value = counters[field]
    if (value !== undefined && !isCount(value)) (refused ??= []).push(field)
  }
  if (counters.audioSeconds !== undefined && !isSeconds(counters.audioSeconds)) (refused ??= []).push('audioSeconds')
  return refused
}

/**
 * Usage is an upstream's claim. A count that is negative, fractional or not a number is refused (kept
 * as 0): the cost it would price is unknown, so the request is charged its hold, the most it could
 * have cost. A sane report is charged as priced, but never more than the hold. Either way the charge
 * is a non-negative safe integer of micro-credits, so a reply can neither raise the balance nor drain it.
 */
export function checkCharge(holdMicro: number, counters: UsageCounters, creditsMicro: number): CheckedCharge {
  const cap = Math.max(0, holdMicro)
  const refused = refusedCounts(counters)
  if (refused) {
    const zeroed: UsageCounters = {}
    for (const field of refused) zeroed[field as keyof UsageCounters] = 0
    const what = refused.map((f) => `${f} ${JSON.stringify(counters[f as keyof UsageCounters])}`).join(', ')
    return { counters: zeroed, creditsMicro: cap, refused: true, anomaly: `refused counts (${what}); charged the hold, ${cap} micro-credits` }
  }
  if (!isCount(creditsMicro)) return { counters: null, creditsMicro: cap, refused: true, anomaly: `a cost of ${creditsMicro} micro-credits is not a count; charged the hold, ${cap}` }
  if (creditsMicro > cap) return { counters: null, creditsMicro: cap, refused: false, anomaly: `a cost of ${creditsMicro} micro-credits is more than the request could have cost; charged its hold, ${cap}` }
  return { counters: null, creditsMicro, refused: false, anomaly: null }
}
