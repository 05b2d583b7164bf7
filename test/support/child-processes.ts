import type { ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** Pids of this process's children whose command line contains `marker` (Linux: read from /proc). */
export function childProcesses(marker: string): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read past its last ')'
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid !== process.pid) continue
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) pids.push(Number(entry))
    } catch {
      // the process ended while we looked
    }
  }
  return pids
}

/** Whether a process is still running (a zombie counts as ended). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

/** Sends `signal` to a child that is still running, and resolves once it has exited. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill(signal)
  return exited
}
