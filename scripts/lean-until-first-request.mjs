// Used by scripts/serve.mjs before it loads the gateway.
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { setFlagsFromString } from 'node:v8'
import { clearTimeout, setTimeout } from 'node:timers'
import { runInNewContext } from 'node:vm'

/**
 * V8 settings held from start-up until the first HTTP request, then given back (V8's defaults, so serving runs
 * exactly as before). Start-up runs a great deal of code once (module bodies, schema building), and V8 reads that
 * as a busy program: everything start-up allocates survives, so it doubles the young generation up to its 16 MB
 * semi-spaces, and its compilers (Sparkplug, TurboFan) compile functions that are hot only during start-up. All of
 * it would then sit in memory while the server idles: V8's memory reducer gives the young generation back only
 * after 20-30 s idle, and the compilers' code and their pages of the node binary stay resident. Held: the young
 * generation keeps its initial size (growth factor 1), Sparkplug and TurboFan are off. A setting someone passes
 * to node themselves is left alone.
 */
const HELD = [
  { flag: 'semi-space-growth-factor', hold: '--semi-space-growth-factor=1', giveBack: '--semi-space-growth-factor=2' },
  { flag: 'turbofan', hold: '--no-turbofan', giveBack: '--turbofan' },
  { flag: 'sparkplug', hold: '--no-sparkplug', giveBack: '--sparkplug' },
]

export function leanUntilFirstRequest({ execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? '' } = {}) {
  // Flags reach node as --x, --no-x or --x=…, with - and _ alike; --opt is TurboFan's other name.
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((a) => a.replace(/^--(no-)?/, '').replace(/=.*/, '').replaceAll('_', '-'))
  const held = HELD.filter(({ flag }) => !given.includes(flag) && !(flag === 'turbofan' && given.includes('opt')))
  if (held.length === 0) return
  for (const { hold } of held) setFlagsFromString(hold)
  const onFirstRequest = () => {
    unsubscribe('http.server.request.start', onFirstRequest)
    for (const { giveBack } of held) setFlagsFromString(giveBack)
  }
  subscribe('http.server.request.start', onFirstRequest)
}

/**
 * One full, compacting garbage collection a moment after the gateway listens, once start-up is over: start-up leaves
 * megabytes of garbage behind (the code cache file read whole, config and schema building's temporaries) on
 * half-empty pages, and an idle server allocates too little for V8 to collect it; V8's memory reducer compacts
 * only some 8 s after a collection. Compacting moves what survives onto fewer pages and gives the rest back.
 * V8 offers no call for it without --expose-gc, so that flag (and compaction on every full collection) is set for
 * the one call and cleared again: they are set after the code cache is written (code-cache.ts), so they never
 * make the next start's cache mismatch. It pauses the process once, for tens of milliseconds, so it waits for the
 * gateway to be idle for `afterMs` (each request puts it off; a readiness probe does not stop it), and is given up
 * after `giveUpMs` of steady traffic: a busy server collects its garbage as it goes.
 */
export function collectStartupGarbage({ afterMs = 1000, giveUpMs = 60_000 } = {}) {
  let timer
  let giveUp
  const stop = () => {
    unsubscribe('http.server.request.start', putOff)
    clearTimeout(timer)
    clearTimeout(giveUp)
  }
  const putOff = () => timer?.refresh()
  const onListening = () => {
    unsubscribe('gatehouse:gateway-listening', onListening)
    timer = setTimeout(() => {
      stop()
      compactingGarbageCollection()
    }, afterMs).unref()
    giveUp = setTimeout(stop, giveUpMs).unref()
  }
  subscribe('gatehouse:gateway-listening', onListening)
  subscribe('http.server.request.start', putOff)
}

/**
 * The collection also drops the bytecode of every function not running (with its feedback): what V8 does by itself
 * to a function unused for five full collections (--bytecode-old-age), which an idle server never gets to. Start-up
 * compiled (or read from the code cache) a great deal of code that runs once: module bodies, schema and route
 * building, migrations. What a request needs is compiled again from the source on the first such request.
 */
const COLLECTION_FLAGS = ['compact-on-every-full-gc', 'stress-flush-code']

function compactingGarbageCollection() {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc')
  setFlagsFromString('--no-expose-gc')
  for (const flag of COLLECTION_FLAGS) setFlagsFromString(`--${flag}`)
  try {
    gc()
  } finally {
    for (const flag of COLLECTION_FLAGS) setFlagsFromString(`--no-${flag}`)
  }
}
