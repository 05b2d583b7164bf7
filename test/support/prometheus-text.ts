/**
 * A strict parser of the Prometheus text exposition format (0.0.4), for tests: every line must be a
 * HELP, a TYPE or a sample whose family was declared, or it throws naming the line.
 */
export interface PromSample {
  name: string
  labels: Record<string, string>
  value: number
}

export interface PromFamily {
  name: string
  help: string
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped'
  samples: PromSample[]
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`)
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created']

function parseValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity
  if (text === '-Inf') return -Infinity
  if (text === 'NaN') return NaN
  const n = Number(text)
  if (text === '' || Number.isNaN(n)) throw new Error(`not a sample value: ${line}`)
  return n
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {}
  LABEL.lastIndex = 0
  while (LABEL.lastIndex < text.length) {
    const m = LABEL.exec(text)
    if (!m) throw new Error(`bad labels: ${line}`)
    labels[m[1]!] = m[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\')
    if (m[3] === '') break
  }
  return labels
}

export function parsePrometheusText(text: string): Map<string, PromFamily> {
  const families = new Map<string, PromFamily>()
  const familyOf = (sample: string) => families.get(sample) ?? families.get(SUFFIXES.reduce((n, s) => (n.endsWith(s) && families.has(n.slice(0, -s.length)) ? n.slice(0, -s.length) : n), sample))
  for (const line of text.split('\n')) {
    if (line === '') continue
    const meta = new RegExp(`^# (HELP|TYPE) (${NAME}) ?(.*)$`).exec(line)
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string]
      const family = families.get(name) ?? { name, help: '', type: 'untyped' as PromFamily['type'], samples: [] }
      if (kind === 'HELP') family.help = rest
      else if (['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest)) family.type = rest as PromFamily['type']
      else throw new Error(`unknown metric type: ${line}`)
      families.set(name, family)
      continue
    }
    if (line.startsWith('#')) continue
    const m = SAMPLE.exec(line)
    if (!m) throw new Error(`not a sample line: ${line}`)
    const family = familyOf(m[1]!)
    if (!family) throw new Error(`a sample of an undeclared metric: ${line}`)
    family.samples.push({ name: m[1]!, labels: m[2] ? parseLabels(m[2], line) : {}, value: parseValue(m[3]!, line) })
  }
  return families
}

/** The value of the one sample named `name` whose labels include `labels` (0 when none). */
export function sampleValue(families: Map<string, PromFamily>, name: string, labels: Record<string, string> = {}): number {
  const samples = [...families.values()].flatMap((f) => f.samples).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
  if (samples.length > 1) throw new Error(`${samples.length} samples of ${name} match ${JSON.stringify(labels)}`)
  return samples[0]?.value ?? 0
}
