import { readFileSync, readdirSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { defineConfig, externalizeDepsPlugin } from 'electron-vite'
import type { Plugin } from 'vite'
import { rendererConfig } from './vite.renderer.config'

/**
 * electron-vite reads Electron's major version from node_modules/electron/package.json to pick the
 * Node and Chrome targets. A plain `npm install` on a machine that cannot download Electron's binary
 * drops that optional package, so the version comes from package.json's range when it is missing:
 * the build never needs Electron itself.
 */
export function electronMajorVersion(root = resolve('.')): string {
  try {
    return JSON.parse(readFileSync(resolve(root, 'node_modules/electron/package.json'), 'utf8')).version.split('.')[0]
  } catch {
    const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'))
    const range: string = pkg.optionalDependencies?.electron ?? pkg.devDependencies?.electron
    return /\d+/.exec(range)![0]
  }
}
process.env.ELECTRON_MAJOR_VER ??= electronMajorVersion()

/**
 * Engine workers are forked by file path (engines/host/engine-worker-launch.ts), so each worker entry and
 * each `*-worker-handlers` module is its own bundle entry. They land flat in out/main with their own
 * names, like every shared chunk, which is exactly where the engines' `siblingModulePath` looks for them.
 */
export function engineWorkerEntries(root = resolve('src/gateway/engines')): Record<string, string> {
  const entries: Record<string, string> = { 'engine-worker-main': resolve(root, 'host/engine-worker-main.ts') }
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('-worker-handlers.ts')) entries[basename(file, '.ts')] = resolve(root, file)
  }
  return entries
}

/**
 * Electron's utility process starts its entry with CommonJS loading; this one-line trampoline imports the
 * ES module bundle, so the entry works whichever loader the Electron version uses.
 */
function gatewayProcessTrampoline(): Plugin {
  return {
    name: 'gatehouse:gateway-process-trampoline',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'gateway-process.cjs', source: "import(require('node:url').pathToFileURL(require('node:path').join(__dirname, 'gateway-process.js')).href)\n" })
    },
  }
}

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin(), gatewayProcessTrampoline()],
    build: {
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          'gateway-process': resolve('src/main/gateway-process/gateway-process.ts'),
          ...engineWorkerEntries(),
          // PostgresDb starts it by path (store/postgres/postgres-db.ts), from beside its own chunk.
          'postgres-worker': resolve('src/gateway/store/postgres/postgres-worker.mjs'),
        },
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    build: { rollupOptions: { input: { index: resolve('src/preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: rendererConfig,
})
