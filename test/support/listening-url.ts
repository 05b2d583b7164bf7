import type { ChildProcess } from 'node:child_process'

/**
 * The URL a gateway process prints on stdout once it listens (`… listening on http://127.0.0.1:PORT`), for tests
 * and benches that start `npm run serve` or the CLI as a child; rejects with the child's stderr when it exits first.
 */
export function listeningUrl(child: ChildProcess, what = 'the gateway'): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stderr?.on('data', (d) => (err += d))
    child.stdout?.on('data', (d) => {
      out += d
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) resolve(m[1]!)
    })
    child.once('exit', (code, signal) => reject(new Error(`${what} exited (${signal ?? code}) before listening: ${err}`)))
  })
}
