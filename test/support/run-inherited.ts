import { spawn, type SpawnOptions } from 'node:child_process'

/** Runs a command with this process's stdout and stderr, without blocking it; rejects naming the command when it fails. */
export function runInherited(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options })
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`}; see the output above).`))))
  })
}
