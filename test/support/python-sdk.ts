import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { cachedFolder } from './cached-folder'
import { runInherited } from './run-inherited'

const ROOT = join(import.meta.dirname, '../..')
const REQUIREMENTS = join(ROOT, 'test/python/requirements.txt')

/**
 * A Python with the official `openai` and `anthropic` SDKs (test/python/requirements.txt), in a venv
 * under node_modules/.cache made once and rebuilt when the requirements change. pip uses the
 * machine's own configuration; `--retries 0` keeps an unreachable index from stalling the install
 * when a local mirror has the packages. The global setup makes it (installPythonSdks) before any test file runs.
 */
const venv = cachedFolder('gatehouse-python-sdk', REQUIREMENTS)
const venvPython = (dir: string) => join(dir, process.platform === 'win32' ? 'Scripts/python.exe' : 'bin/python')

/** Makes the venv unless the cache holds the requirements'; resolves to its python. */
export async function installPythonSdks(): Promise<string> {
  const dir = await venv.make(async (building) => {
    await runInherited(process.env.GATEHOUSE_PYTHON ?? 'python3', ['-m', 'venv', building])
    await runInherited(venvPython(building), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--retries', '0', '--timeout', '20', '-r', REQUIREMENTS])
  })
  return venvPython(dir)
}

/** The venv's python, made by the global setup. */
export const pythonWithSdks = (): string => venvPython(venv.made('The Python SDKs'))

/** Runs a script of test/python with the SDKs; resolves to its stdout parsed as JSON (it prints one object). */
export function runPython(python: string, script: string, env: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [join(ROOT, 'test/python', script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (c) => (out += c))
    child.stderr.on('data', (c) => (err += c))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${script} exited ${code}:\n${err}${out}`))
      try {
        resolve(JSON.parse(out) as Record<string, unknown>)
      } catch {
        reject(new Error(`${script} printed no JSON:\n${out}\n${err}`))
      }
    })
  })
}
