import { readFileSync } from 'node:fs'
import { procPids, procStatFields } from './child-processes'

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
  for (const pid of procPids()) {
    if (pid === run) continue
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker)) continue
      const stat = procStatFields(pid) // from state on: [state, ppid, ...]
      if (!stat || stat[0] === 'Z' || Number(stat[1]) === run) continue
      found.push({ pid, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() })
    } catch {
      // it ended while we looked
    }
  }
  return found
}
