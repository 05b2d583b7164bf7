import { resolve } from 'node:path'
import { builtinModules } from 'node:module'
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'
import { engineWorkerEntries } from './electron.vite.config'

/**
 * The headless gateway's bundle for `npm run serve` (scripts/serve.mjs builds it when stale): cli.ts and the
 * engine workers, which are forked by file path and so land flat beside it (engines/host/engine-worker-launch.ts).
 * Packages stay external, loaded from node_modules as under tsx; out/serve/../renderer is the web UI.
 */
const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>
const packages = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})]
// Bundled: the pure-JavaScript packages every start-up loads, which then cost one file read instead of hundreds of
// module look-ups (ajv with Fastify, whose ESM-less deep imports such as ajv/dist/jtd only resolve bundled). Native addons and packages that load their own files by path stay in node_modules.
const BUNDLED = ['fastify', 'ajv', '@fastify/cors', '@fastify/multipart', '@fastify/static', 'fastify-type-provider-zod', 'zod', 'yaml', 'eventsource-parser', 'ipaddr.js', 'csv-stringify']
const isExternal = (id: string) =>
  id.startsWith('node:') || builtinModules.includes(id) || (packages.some((p) => id === p || id.startsWith(`${p}/`)) && !BUNDLED.some((p) => id === p || id.startsWith(`${p}/`)))

export default defineConfig({
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  resolve: { conditions: ['node', 'import', 'default'] },
  build: {
    ssr: true,
    target: 'node20',
    outDir: resolve('out/serve'),
    emptyOutDir: true,
    minify: false,
    reportCompressedSize: false,
    commonjsOptions: { include: [/node_modules/], ignoreDynamicRequires: true },
    rollupOptions: {
      input: {
        cli: resolve('src/gateway/boot/cli.ts'),
        ...engineWorkerEntries(),
        // PostgresDb starts it by path, from beside its own chunk (store/postgres/postgres-db.ts).
        'postgres-worker': resolve('src/gateway/store/postgres/postgres-worker.mjs'),
      },
      external: isExternal,
      // Bundled CommonJS that calls require() at run time (optional packages, JSON) gets a real one.
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', banner: "import { createRequire as __gatehouseRequire } from 'node:module'; const require = __gatehouseRequire(import.meta.url);" },
    },
  },
})
