import { readdirSync, readFileSync } from 'node:fs'

/**
 * The environment variable that marks what one vitest run's tests start: vitest.config.ts sets it (`test.env`) in
 * every worker to the run's own pid, and every process a test starts inherits it, and their children in turn.
 */
export const RUN_MARKER = 'GATEHOUSE_TEST_RUN'

export interface RunProcess {
  pid: number
  command: string
}

/**
 * The processes running now that carry `run`'s marker in the environment they started with, other than `run`'s
 * workers (its children: a worker is given the marker too). Linux (/proc); elsewhere none.
 */
export function processesOfRun(run: number): RunProcess[] {
  if (process.platform !== 'linux') return []
  const marker = `${RUN_MARKER}=${run}`
  const found: RunProcess[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === run) continue
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(marker)) continue
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read past its last ')'
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (state === 'Z' || Number(ppid) === run) continue
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() })
    } catch {
      // it ended while we looked
    }
  }
  return found
}
