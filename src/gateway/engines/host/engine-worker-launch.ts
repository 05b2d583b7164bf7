import { type ChildProcess, fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, extname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** How engine workers are started. Every field has a default that works under tsx, vitest and plain Node. */
export interface WorkerLaunchOptions {
  /** Script the child runs. Default: engine-worker-main next to this module (.ts from source, .js when built). */
  entry?: string
  /** Node binary. Default: process.execPath (under Electron, Electron itself in Node mode). */
  execPath?: string
  /** Node flags of the child. Default: registers tsx when the entry or handler module is TypeScript. */
  execArgv?: string[]
  /** Node flags added after `execArgv` (or its default), e.g. an engine's heap cap. */
  extraExecArgv?: string[]
  env?: NodeJS.ProcessEnv
}

const isTypeScript = (file: string) => /\.[cm]?tsx?$/.test(file)

/**
 * The path of a module next to the caller, with the caller's own extension: `.ts` when the
 * gateway runs from source (tsx, vitest), `.js` when it runs built; the built gateway for
 * `npm run serve` is CommonJS (`.cjs`, see vite.serve.config.ts) and its workers ES modules (`.js`).
 */
export function siblingModulePath(callerUrl: string, baseName: string): string {
  const caller = fileURLToPath(callerUrl)
  return join(dirname(caller), baseName + (extname(caller) === '.cjs' ? '.js' : extname(caller)))
}

function tsxLoaderUrl(): string {
  const require = createRequire(import.meta.url)
  try {
    return pathToFileURL(require.resolve('tsx')).href
  } catch {
    throw new Error('engine workers run from TypeScript sources here, and that needs the tsx package: install it, or run the built gateway')
  }
}

export function defaultWorkerExecArgv(files: string[]): string[] {
  const argv = ['--disable-warning=ExperimentalWarning']
  if (files.some(isTypeScript)) argv.push('--import', tsxLoaderUrl())
  return argv
}

export function forkEngineWorker(handlersModule: string, options: WorkerLaunchOptions = {}): ChildProcess {
  const entry = options.entry ?? siblingModulePath(import.meta.url, 'engine-worker-main')
  const env = { ...(options.env ?? process.env) }
  // Under Electron, process.execPath is the Electron binary: make it behave as Node.
  if (process.versions.electron && !options.execPath) env.ELECTRON_RUN_AS_NODE = '1'
  return fork(entry, [handlersModule], {
    execPath: options.execPath ?? process.execPath,
    execArgv: [...(options.execArgv ?? defaultWorkerExecArgv([entry, handlersModule])), ...(options.extraExecArgv ?? [])],
    serialization: 'advanced',
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env,
  })
}
