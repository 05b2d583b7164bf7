import type { Reporter } from 'vitest/node'
import { processesOfRun } from './support/run-processes'

/**
 * What a library starts for a worker itself, which ends when the worker does: esbuild's service, which vite and
 * electron-vite start when test/renderer-bytes.test.ts builds in its worker, and which exits once its stdin closes.
 */
const WORKER_HELPERS = [/\/esbuild --service=/]

/**
 * Lists the processes the run's tests started and left running, and stops them, before the closing line. A test
 * stops what it starts, when it fails or times out too (`onTestFinished`); one that does not leaves a gateway or an
 * engine serving after the run, for good: its parent, a test worker, is gone, and a server keeps itself alive. Like
 * the temp-dir listing it reports and does not fail the run. Only this run's processes are touched (the marker
 * vitest.config.ts gives its workers), so a bench or a second run on the same machine is left alone.
 */
export default class ProcessLeakReporter implements Reporter {
  onTestRunEnd(): void {
    const left = processesOfRun(process.pid).filter(({ command }) => !WORKER_HELPERS.some((helper) => helper.test(command)))
    if (left.length === 0) return
    for (const { pid } of left) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // it ended meanwhile
      }
    }
    const lines = left.map(({ pid, command }) => `  ${pid}: ${command.length > 200 ? `${command.slice(0, 200)}…` : command}`)
    process.stdout.write(
      `\n${left.length} ${left.length === 1 ? 'process' : 'processes'} started by this run's tests ${left.length === 1 ? 'was' : 'were'} still running, and ${left.length === 1 ? 'was' : 'were'} stopped:\n` +
        `${lines.join('\n')}\nA test stops what it starts, on failure and timeout too (onTestFinished).\n`,
    )
  }
}
