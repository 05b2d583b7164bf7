import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { serveArgv, waitFor } from './support/serve-child'

/**
 * `npm run serve` idles lean after start-up (scripts/lean-until-first-request.mjs): until the first request V8 keeps
 * the young generation at its initial size and TurboFan off, and from the first request on both work as usual; once
 * it listens, one full, compacting collection drops what start-up left behind, the bytecode of functions that ran
 * only then included. The child runs with --trace-opt, which prints a line for each function TurboFan optimizes,
 * --trace-gc, a line for each collection (`testing` for the one asked for by a call), and --trace-flush-bytecode,
 * a line for each function whose bytecode a collection drops.
 */
describe('npm run serve: lean until the first request', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gh-serve-lean-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('starts without growing the young generation or optimizing, collects start-up garbage and code, and optimizes again once serving', async () => {
    const reporter = join(import.meta.dirname, 'support/heap-space-reporter.mjs')
    const serve = startServe('inspected', ['--trace-opt', '--trace-gc', '--trace-flush-bytecode', '--import', reporter], { ipc: true })
    const { child, unlessExited } = serve
    const lines = () => serve.output().split('\n')
    const optimized = () => lines().filter((line) => line.includes('completed optimizing')).length
    const url = await serve.listening()
    // Without the hold, start-up alone doubles the young generation's semi-spaces to 16 MB.
    expect(await unlessExited(newSpaceMb(child))).toBeLessThanOrEqual(2)
    expect(optimized()).toBe(0)
    // What only other paths need is not loaded: Node's CommonJS lexer (scripts/serve.mjs requires the bundle),
    // HTTP/2 and TLS (Fastify's HTTP/2 and HTTPS servers, which the gateway never builds).
    expect((await unlessExited(builtinsLoaded(child))).filter((m) => /cjs-module-lexer|http2|tls/.test(m))).toEqual([])

    // `Mark-Compact 17.2 (19.2) -> 14.4 (17.5) MB`: megabytes in use (and held by the heap) before -> after;
    // compacted, the heap holds fewer pages after. It runs a second after the gateway listens.
    const collection = await serve.waitFor(() => lines().find((l) => l.includes('Mark-Compact') && l.includes('testing;')), 'the start-up collection', 30_000).catch(async () => {
      // each request puts the collection off: say whether any came, and from where
      const lastCollections = lines().filter((l) => / ms: (Mark-Compact|Scavenge)/.test(l)).slice(-3)
      throw new Error(`no start-up collection 30 s after listening; requests the child took: ${JSON.stringify(await unlessExited(requestsTaken(child)))}; its last collections: ${lastCollections.join(' | ')}; its last output: ${serve.output().slice(-1000)}`)
    })
    const [, used, held, usedAfter, heldAfter] = /Mark-Compact ([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\)/.exec(collection)!.map(Number)
    expect(usedAfter).toBeLessThan(used!)
    expect(heldAfter).toBeLessThan(held!)
    // V8 drops a function's bytecode only after five full collections without a call; this one drops it at once.
    expect(lines().filter((l) => l.includes('discarding compiled metadata')).length).toBeGreaterThan(0)

    let requests = 0
    while (optimized() === 0 && requests < 20_000) {
      await unlessExited(Promise.all(Array.from({ length: 100 }, () => fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.text()))))
      requests += 100
    }
    expect(optimized(), `no function optimized after ${requests} requests`).toBeGreaterThan(0)
  }, 120_000)

  it('puts the start-up collection off while requests come in, and runs it once the gateway is idle', async () => {
    const serve = startServe('serving', ['--trace-gc'])
    const collections = () => serve.output().split('\n').filter((l) => l.includes('testing;')).length
    const url = await serve.listening()
    // The collection waits for a second without requests: serving every quarter second for two puts it off.
    for (let i = 0; i < 8; i++) {
      await fetch(`${url}/health`).then((r) => r.text())
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(collections()).toBe(0)
    await serve.waitFor(() => collections() || undefined, 'the start-up collection once idle', 30_000)
    expect(collections()).toBe(1)
  })

  /**
   * `scripts/serve.mjs` under `nodeFlags`, killed however the test ends (a timeout included: a server whose test is
   * gone would keep itself alive), with its stdout in a file. V8 prints its trace lines with C's stdio to the file
   * descriptor under process.stdout, which Node makes non-blocking when it is a pipe: once the pipe is full (the
   * test's worker busy elsewhere, not reading) the write fails and the lines are dropped. Reproduced: a parent that
   * stopped reading for 3 s just before the collection got 24 of its 177 kB, the collection's line not among them,
   * and one that read throughout got 110 kB. A file takes every line.
   */
  function startServe(name: string, nodeFlags: string[], { ipc = false } = {}) {
    const outFile = join(dir, `${name}.out`)
    const fd = openSync(outFile, 'w')
    const child = spawn(process.execPath, [...nodeFlags, ...serveArgv(['--data-dir', join(dir, name), '--port', '0'])], {
      cwd: join(import.meta.dirname, '..'),
      stdio: ['ignore', fd, 'pipe', ...(ipc ? ['ipc' as const] : [])],
    })
    closeSync(fd)
    onTestFinished(() => void child.kill('SIGKILL'))
    let err = ''
    child.stderr!.on('data', (d) => (err += d))
    // Every wait fails with what the child said if it exits first, rather than running into the test's timeout.
    const gone = new AbortController()
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => {
        gone.abort()
        reject(new Error(`serve exited (${signal ?? code}): ${err.slice(-2000)}`))
      }),
    )
    exited.catch(() => {}) // reported by the wait it ends
    const unlessExited = <T,>(wait: Promise<T>) => Promise.race([wait, exited])
    const output = () => readFileSync(outFile, 'utf8')
    /** Looks at the output until `find` finds something in it; stops looking when the child exits. */
    const waitForOutput = <T,>(find: () => T | undefined, what: string, ms: number) => unlessExited(waitFor(find, what, ms, gone.signal))
    const listening = () => waitForOutput(() => /listening on (http:\/\/\S+)/.exec(output())?.[1], `${name}: its listening line`, 60_000)
    return { child, output, listening, waitFor: waitForOutput, unlessExited }
  }
})

/** Asks the child's preloaded reporter (support/heap-space-reporter.mjs) a question over IPC and resolves with its answer. */
function ask<T>(child: ChildProcess, question: 'heap-spaces' | 'builtins' | 'requests', answerKey: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child did not answer '${question}' within 10 s`)), 10_000)
    child.once('message', (m: Record<string, T>) => {
      clearTimeout(timer)
      resolve(m[answerKey]!)
    })
    child.send(question)
  })
}

async function newSpaceMb(child: ChildProcess): Promise<number> {
  const spaces = await ask<Array<{ space_name: string; space_size: number }>>(child, 'heap-spaces', 'heapSpaces')
  return spaces.find((s) => s.space_name === 'new_space')!.space_size / 2 ** 20
}

const builtinsLoaded = (child: ChildProcess) => ask<string[]>(child, 'builtins', 'builtins')
const requestsTaken = (child: ChildProcess) => ask<{ count: number; first: string[] }>(child, 'requests', 'requests')
