import type { ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/**
 * The fields of /proc/<pid>/stat, or of one of its threads' (a process's main thread has its pid as thread id), after
 * the command name, from `state` on: "pid (comm) state ppid ...", where comm may hold spaces and parentheses, so they
 * are read past its last ')'. Null when the process is gone, or off Linux.
 */
export function procStatFields(pid: number, thread?: number): string[] | null {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

/** The pids /proc lists now (Linux). */
export const procPids = (): number[] => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number)

/** Pids of this process's children whose command line contains `marker` (Linux: read from /proc). */
export function childProcesses(marker: string): number[] {
  return procPids().filter((pid) => {
    if (Number(procStatFields(pid)?.[1]) !== process.pid) return false
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)
    } catch {
      return false // the process ended while we looked
    }
  })
}

/** Whether a process is still running (a zombie counts as ended). */
export function isRunning(pid: number): boolean {
  const state = procStatFields(pid)?.[0]
  return state !== undefined && state !== 'Z'
}

/** Sends `signal` to a child that is still running, and resolves once it has exited. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill(signal)
  return exited
}
