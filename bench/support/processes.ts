import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs'
import { join } from 'node:path'
import { procStatFields } from '../../test/support/child-processes'

export interface StartOptions {
  env?: NodeJS.ProcessEnv
  /** Opens an IPC channel to the child (`child.send`), e.g. for `cpuUsageOf`. */
  ipc?: boolean
}

/** Starts a process, ended when this one exits, and resolves with what the first line matching `ready` captured. */
export function startProcess(cmd: string, args: string[], ready: RegExp, { env = process.env, ipc = false }: StartOptions = {}): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc' as const] : [])] })
    // A benchmark that fails half-way must not leave its servers running.
    const killChild = () => child.kill()
    process.once('exit', killChild)
    child.once('exit', () => process.off('exit', killChild))
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

/** Node flags that make a child answer `cpuUsageOf`; start it with `ipc: true`. */
export const reportCpuUsage = ['--import', join(import.meta.dirname, 'cpu-usage-reporter.mjs')]

/** The child's own process.cpuUsage(), user + system microseconds, asked over its IPC channel. */
export function cpuUsageOf(child: ChildProcess): Promise<number> {
  if (!child.connected) return Promise.reject(new Error(`process ${child.pid} has no IPC channel: start it with ipc: true and reportCpuUsage`))
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`process ${child.pid} exited (${code}) before reporting its CPU time`))
    const onMessage = (message: { cpuUsage?: unknown }) => {
      if (typeof message?.cpuUsage !== 'number') return
      child.off('message', onMessage).off('exit', onExit)
      resolve(message.cpuUsage)
    }
    child.on('message', onMessage).once('exit', onExit)
    child.send('cpu-usage')
  })
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

/** Linux only (null elsewhere): a process's children, from /proc. */
export function childPidsOf(pid: number): number[] | null {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number))
  } catch {
    return null
  }
}

/**
 * Linux only (null elsewhere): user + system CPU time of any process, in microseconds, at the kernel's tick resolution
 * (10 ms); of one of its threads when `thread` is given (a process's main thread has its pid as thread id).
 */
export function procCpuUs(pid: number, thread?: number): number | null {
  const fields = procStatFields(pid, thread)
  return fields && (Number(fields[11]) + Number(fields[12])) * (1e6 / CLOCK_TICKS)
}

/** Linux only (null elsewhere): the minor page faults of a process, or of one of its threads, so far. */
export function procMinorFaults(pid: number, thread?: number): number | null {
  const fields = procStatFields(pid, thread)
  return fields && Number(fields[7])
}

/** USER_HZ: the unit of /proc/<pid>/stat's times, 100 on every Linux build that matters. */
const CLOCK_TICKS = 100

/** Linux only (null elsewhere): a process and all its descendants, each with its resident memory (kB) and command line. */
export function processTreeRss(pid: number): Array<{ pid: number; rssKb: number; command: string }> | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
    const children = childPidsOf(pid) ?? []
    return [{ pid, rssKb, command }, ...children.flatMap((c) => processTreeRss(c) ?? [])]
  } catch {
    return null
  }
}

/** pagemap's bits: 63 "present in RAM", 0-54 the page frame number (zero unless read as root). */
const PRESENT = 1n << 63n
const FRAME_BITS = (1n << 55n) - 1n

/**
 * Linux as root only (null otherwise): the memory the processes hold together, each physical page counted once,
 * in kB. Summed RSS counts a page every process maps again, such as the node binary's code that npm and the gateway
 * both run; this reads each resident page's frame number from /proc/<pid>/pagemap (which the kernel shows only to
 * root) and counts the distinct ones. Pages the kernel shares with processes outside the list count as held too.
 */
export function distinctResidentKb(pids: readonly number[]): number | null {
  const frames = new Set<number>()
  for (const pid of pids) {
    let maps: string
    let pagemap: number
    try {
      maps = readFileSync(`/proc/${pid}/smaps`, 'utf8')
      pagemap = openSync(`/proc/${pid}/pagemap`, 'r')
    } catch {
      return null
    }
    try {
      for (const [start, end] of residentRanges(maps)) {
        const pages = (end - start) / PAGE
        const entries = Buffer.alloc(pages * 8)
        const read = readSync(pagemap, entries, 0, entries.length, (start / PAGE) * 8)
        for (let i = 0; i + 8 <= read; i += 8) {
          const entry = entries.readBigUInt64LE(i)
          if ((entry & PRESENT) === 0n) continue
          const frame = Number(entry & FRAME_BITS)
          if (frame === 0) return null // not root: the kernel hides frame numbers
          frames.add(frame)
        }
      }
    } finally {
      closeSync(pagemap)
    }
  }
  return frames.size * (PAGE / 1024)
}

const PAGE = 4096

/** The address ranges of /proc/<pid>/smaps with resident pages ([vsyscall] cannot be read from pagemap). */
function residentRanges(smaps: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  let range: [number, number] | null = null
  for (const line of smaps.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (head) {
      range = head[3] === '[vsyscall]' ? null : [parseInt(head[1]!, 16), parseInt(head[2]!, 16)]
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss && range && Number(rss[1]) > 0) ranges.push(range)
  }
  return ranges
}
