import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { stopChild } from './child-processes'
import { listeningUrl } from './listening-url'

/**
 * The arguments of `node` that run what `npm run serve -- <args>` runs: scripts/serve.mjs and the built gateway
 * bundle (global setup rebuilds it when its sources changed), not the sources under tsx, whose start-up costs
 * some 1.7 s of CPU a process against ~0.3 s.
 */
export const serveArgv = (args: string[]) => ['scripts/serve.mjs', ...args]

/**
 * `npm run serve` as a child process on a free port, for tests that kill it
 * mid-request. Call `killAll` after each test: it resolves once every child has exited.
 */
export function serveChildren() {
  const children: ChildProcessWithoutNullStreams[] = []
  return {
    async killAll() {
      await Promise.all(children.splice(0).map((c) => stopChild(c, 'SIGKILL')))
    },
    serve(dataDir: string, configFile: string) {
      const child = spawn(process.execPath, serveArgv(['--data-dir', dataDir, '--port', '0', '--config', configFile]), { cwd: process.cwd() })
      children.push(child)
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)))
      return { child, exited, listening: listeningUrl(child) }
    },
  }
}

/** Polls `probe` until it returns a value; gives up after `timeoutMs`, or once `signal` aborts (e.g. when the child it watches exits). */
export async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 20_000, signal?: AbortSignal): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    signal?.throwIfAborted()
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
