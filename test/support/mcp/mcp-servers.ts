import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import getPort from 'get-port'

/** server-everything's launcher: `node EVERYTHING stdio | streamableHttp`. */
export const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js')
/** The test server whose tools crash, hang or tell its pid. */
export const FLAKY = fileURLToPath(new URL('./flaky-mcp-server.mjs', import.meta.url))

/** The config entries of the stdio servers. */
export const everythingStdio = (label = 'everything') => ({ label, command: process.execPath, args: [EVERYTHING, 'stdio'] })
export const flakyStdio = (label = 'flaky', timeout = 2) => ({ label, command: process.execPath, args: [FLAKY], timeout })

/** server-everything over streamable HTTP on a free loopback port (it takes its port from PORT only). */
export async function startEverythingHttp(): Promise<{ url: string; close(): Promise<void> }> {
  const port = await getPort({ host: '127.0.0.1' })
  const child: ChildProcess = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] })
  await new Promise<void>((resolve, reject) => {
    let seen = ''
    child.stderr!.on('data', (d: Buffer) => {
      seen += d.toString()
      if (seen.includes('listening on port')) resolve()
    })
    child.stdout!.resume()
    child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}: ${seen}`)))
  })
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill()
      }),
  }
}
