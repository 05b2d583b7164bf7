// Prints where a .cpuprofile (node --cpu-prof) spent its self time, heaviest first, so hot spots can be
// read from a terminal.
// Usage: node bench/support/top-functions.mjs FILE.cpuprofile [--top N] [--by function|file|package]
//                                             [--window FROM:TO ...]
// --window (repeatable) keeps only the samples inside those windows, in microseconds of the monotonic clock
// the profile is stamped with (process.hrtime's clock, in any process on the machine; cpu.bench.ts prints them).
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, by: { type: 'string', default: 'function' }, window: { type: 'string', multiple: true, default: [] } },
})
const groupings = ['function', 'file', 'package']
const windows = values.window.map((w) => w.split(':').map(Number))
if (positionals.length !== 1 || !groupings.includes(values.by) || !(Number(values.top) > 0) || windows.some((w) => w.length !== 2 || !w.every(Number.isFinite))) {
  process.stderr.write('usage: node top-functions.mjs FILE.cpuprofile [--top N] [--by function|file|package] [--window FROM_US:TO_US ...]\n')
  process.exit(2)
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'))
const inWindow = (stamp) => windows.length === 0 || windows.some(([from, to]) => stamp >= from && stamp <= to)

const shortUrl = (url) => url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '')
/** Where the code lives: a node_modules package, a node: built-in, or a source folder of ours. */
function packageOf(url) {
  if (url === '') return '(native / V8)'
  if (url.startsWith('node:')) return 'node: built-ins'
  const path = shortUrl(url)
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
  if (inModules) return inModules[1]
  return path.split('/').slice(0, -1).join('/') || path
}
function keyOf({ functionName, url, lineNumber }) {
  if (values.by === 'package') return packageOf(url)
  if (values.by === 'file') return url ? shortUrl(url) : '(native / V8)'
  const where = url ? ` ${shortUrl(url)}:${lineNumber + 1}` : ''
  return `${functionName || '(anonymous)'}${where}`
}

const nodeKey = new Map(profile.nodes.map((n) => [n.id, keyOf(n.callFrame)]))
const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id))
// Each sample owns the time until the next one (the last one gets the mean interval), as DevTools counts it.
const stamps = []
let t = profile.startTime
for (const delta of profile.timeDeltas) stamps.push((t += delta))
const meanInterval = (profile.endTime - profile.startTime) / Math.max(1, stamps.length)
const self = new Map()
let busy = 0
let idleTime = 0
for (let i = 0; i < profile.samples.length; i++) {
  if (!inWindow(stamps[i])) continue
  const span = i + 1 < stamps.length ? stamps[i + 1] - stamps[i] : meanInterval
  const id = profile.samples[i]
  if (idle.has(id)) {
    idleTime += span
    continue
  }
  busy += span
  const key = nodeKey.get(id)
  self.set(key, (self.get(key) ?? 0) + span)
}

const ms = (us) => (us / 1000).toFixed(1).padStart(9)
console.log(`${positionals[0]}: ${ms(busy)} ms busy, ${ms(idleTime).trim()} ms idle${windows.length ? ` in ${windows.length} window(s)` : ''}; self time by ${values.by}:`)
console.log(`${'self ms'.padStart(9)} ${'share'.padStart(6)}  where`)
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
  console.log(`${ms(us)} ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${key}`)
}
