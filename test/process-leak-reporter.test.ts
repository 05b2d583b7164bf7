import { spawn } from 'node:child_process'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { isRunning } from './support/child-processes'
import { processesOfRun, RUN_MARKER } from './support/run-processes'

describe.runIf(process.platform === 'linux')('the processes a test run left running', () => {
  // A stand-in run id: no process has this pid (pid_max is at most 2^22), so no worker of it exists either.
  const run = 2 ** 30 + process.pid

  function start(env: NodeJS.ProcessEnv) {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { env: { ...process.env, ...env }, stdio: 'ignore' })
    onTestFinished(() => void child.kill('SIGKILL'))
    return child
  }

  it("are found by the run's marker in the environment they started with, and children inherit it", async () => {
    const marked = start({ [RUN_MARKER]: String(run) })
    const other = start({ [RUN_MARKER]: String(run + 1) })
    const unmarked = start({ [RUN_MARKER]: '' })
    const grandchild = spawn(process.execPath, ['-e', `require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); setInterval(() => {}, 1000)`], { env: { ...process.env, [RUN_MARKER]: String(run) }, stdio: 'ignore' })
    onTestFinished(() => void grandchild.kill('SIGKILL'))
    // Wait for the grandchild's own child: two Node start-ups in a row, over 500 ms when the machine is busy.
    const found = await vi.waitFor(
      () => {
        const running = processesOfRun(run)
        expect(running.length).toBeGreaterThanOrEqual(3)
        return running
      },
      { timeout: 20_000, interval: 100 },
    )
    const pids = found.map((p) => p.pid)
    expect(pids).toContain(marked.pid)
    expect(pids).not.toContain(other.pid)
    expect(pids).not.toContain(unmarked.pid)
    expect(pids).toContain(grandchild.pid)
    expect(found.length).toBe(3) // the grandchild's own child too
    expect(found.find((p) => p.pid === marked.pid)!.command).toContain('setInterval')
    for (const { pid } of found) if (pid !== grandchild.pid && pid !== marked.pid) process.kill(pid, 'SIGKILL')
    expect(isRunning(marked.pid!)).toBe(true)
  })

  it("leaves out the run's workers, its own children", () => {
    // this test's worker is a child of the vitest run whose marker it carries
    const thisRun = Number(process.env[RUN_MARKER])
    expect(thisRun).toBe(process.ppid)
    expect(processesOfRun(thisRun).map((p) => p.pid)).not.toContain(process.pid)
  })
})
