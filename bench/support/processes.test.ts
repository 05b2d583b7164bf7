import { afterEach, describe, expect, it } from 'vitest'
import { cpuUsageOf, distinctResidentKb, processTreeRss, procMinorFaults, reportCpuUsage, startProcess } from './processes'

// Burns CPU until its own process.cpuUsage() passes 150 ms, prints what it burned, then idles.
const BURNER = `
let n = 0
while (process.cpuUsage().user + process.cpuUsage().system < 150_000) n++
const { user, system } = process.cpuUsage()
process.stdout.write('burned ' + (user + system) + '\\n')
setInterval(() => {}, 1000)
`

describe('cpuUsageOf', () => {
  const started: Array<{ kill(): void }> = []
  afterEach(() => started.splice(0).forEach((c) => c.kill()))

  it("reads a child's whole-process CPU time over IPC, never less than it reported itself", async () => {
    const { child, match } = await startProcess(process.execPath, [...reportCpuUsage, '-e', BURNER], /burned (\d+)/, { ipc: true })
    started.push(child)
    const first = await cpuUsageOf(child)
    expect(first).toBeGreaterThanOrEqual(Number(match[1]))
    expect(await cpuUsageOf(child)).toBeGreaterThanOrEqual(first)
  })

  it('refuses a child started without an IPC channel, saying how to start it', async () => {
    const { child } = await startProcess(process.execPath, ['-e', BURNER], /burned (\d+)/)
    started.push(child)
    await expect(cpuUsageOf(child)).rejects.toThrow(/no IPC channel: start it with ipc: true and reportCpuUsage/)
  })

  it('fails, not hangs, when the child exits before answering', async () => {
    const { child } = await startProcess(process.execPath, ['-e', "process.stdout.write('up\\n'); process.on('message', () => process.exit(3))"], /up/, { ipc: true })
    started.push(child)
    await expect(cpuUsageOf(child)).rejects.toThrow(/exited \(3\) before reporting its CPU time/)
  })
})

describe.runIf(process.platform === 'linux')('procMinorFaults', () => {
  it("counts a thread's page faults as it touches memory it had not touched before", () => {
    const before = procMinorFaults(process.pid, process.pid)!
    const fresh = Buffer.allocUnsafeSlow(16 * 1024 * 1024).fill(1) // 4,096 pages of 4 kB
    expect(procMinorFaults(process.pid, process.pid)! - before).toBeGreaterThanOrEqual(1000)
    expect(fresh[0]).toBe(1)
  })

  it('is null for a process that is not there', () => {
    expect(procMinorFaults(2 ** 22 + 1)).toBeNull()
  })
})

describe.runIf(process.platform === 'linux' && process.getuid?.() === 0)('distinctResidentKb', () => {
  const started: Array<{ kill(): void }> = []
  afterEach(() => started.splice(0).forEach((c) => c.kill()))
  const idleNode = async () => {
    const { child } = await startProcess(process.execPath, ['-e', "process.stdout.write('up\\n'); setInterval(() => {}, 1000)"], /up/)
    started.push(child)
    return child.pid!
  }
  const rssKb = (pid: number) => processTreeRss(pid)![0]!.rssKb

  it('counts once the pages two processes share, where summed RSS counts them twice', async () => {
    const [a, b] = [await idleNode(), await idleNode()]
    const [one, other, both] = [distinctResidentKb([a])!, distinctResidentKb([b])!, distinctResidentKb([a, b])!]
    expect(one).toBeGreaterThan(0)
    expect(one).toBeLessThanOrEqual(rssKb(a))
    expect(both).toBeGreaterThanOrEqual(Math.max(one, other))
    // Both run the same node binary: its resident code is tens of MB, held once.
    expect(rssKb(a) + rssKb(b) - both).toBeGreaterThan(10 * 1024)
  })

  it('is null for a process that is not there', () => {
    expect(distinctResidentKb([2 ** 22 + 1])).toBeNull()
  })
})
