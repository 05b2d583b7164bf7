import { spawn, type ChildProcess } from 'node:child_process'

/** Starts a process and resolves with what the first line matching `ready` captured. */
export function startProcess(cmd: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout!.on('data', (d) => {
      out += d
      const m = ready.exec(out)
      if (m) resolve({ child, match: m })
    })
    child.stderr!.on('data', (d) => (err += d))
    child.on('exit', (code) => reject(new Error(`${cmd} exited ${code}: ${err}`)))
  })
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
