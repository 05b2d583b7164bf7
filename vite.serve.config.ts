import { resolve } from 'node:path'
import { builtinModules } from 'node:module'
import { readFileSync } from 'node:fs'
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite'
import { engineWorkerEntries } from './electron.vite.config'
import { withoutPackageAnnotationNotes } from './scripts/rollup-package-notes'

/**
 * The headless gateway's bundle for `npm run serve` (scripts/serve.mjs builds it when stale): the engine
 * workers and the PostgreSQL worker as ES modules (node-llama-cpp is one), forked by file path and so flat in one
 * folder (engines/host/engine-worker-launch.ts); then cli.ts beside them as CommonJS `gateway.cjs`, run by
 * `cli.cjs` (boot/serve-entry.ts) with V8's code cache, which Node 20 offers CommonJS only.
 * Packages stay external, loaded from node_modules as under tsx; out/serve/../renderer is the web UI.
 */
const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>
const packages = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})]
// Bundled: the pure-JavaScript packages every start-up loads, which then cost one file read instead of hundreds of
// module look-ups. Native addons and packages that load their own files by path stay in node_modules (pino's
// transports would, in a worker; the gateway logs through none).
const BUNDLED = ['pino', 'fastify', '@fastify/cors', '@fastify/multipart', '@fastify/static', 'fastify-type-provider-zod', 'zod', 'eventsource-parser', 'ipaddr.js', 'csv-stringify']
/**
 * Left out of the bundle and loaded from node_modules when first used: Fastify's own schema compilers (Ajv and
 * fast-json-stringify, which the gateway's zod routes never ask for: boot/fastify-compilers.ts) and inject()'s
 * light-my-request (tests). In the bundle they would cost their source in memory for as long as the gateway runs,
 * and Ajv its start-up run. (The chat parser's fast path needs no Ajv: its validator is generated code.)
 */
const FROM_NODE_MODULES_ON_FIRST_USE = ['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler', 'light-my-request']
const isExternal = (id: string) =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  FROM_NODE_MODULES_ON_FIRST_USE.includes(id) ||
  (packages.some((p) => id === p || id.startsWith(`${p}/`)) && !BUNDLED.some((p) => id === p || id.startsWith(`${p}/`)))

/**
 * Characters outside ASCII written as `\uXXXX` escapes, so the bundle's file is plain ASCII. V8 keeps a script's
 * source in memory (functions compile on first call), and a source with one character above Latin-1 anywhere is held
 * at two bytes per character: 6 MB instead of 3 for the gateway. And an ASCII file is read as Latin-1, a copy, where
 * decoding the same file as UTF-8 took 5-18 ms of every start (code-cache.ts). The escape means the same character in
 * strings, templates, regular expressions and comments alike (String.raw, the one place it would not, has none).
 */
const asciiSource: Plugin = {
  name: 'gatehouse-ascii-source',
  // After Vite's own esbuild pass over each chunk, which writes such characters out as they are.
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue
      // An escaped such character (`\…`, legal only in a regular expression) would turn into a backslash and text.
      if (/\\[\u0080-\uffff]/.test(chunk.code)) this.error(`${chunk.fileName}: a backslash before a character outside ASCII; write it as \\uXXXX in the source`)
      chunk.code = chunk.code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    }
  },
}

/**
 * Modules a bundled package requires at its top level but uses only on a path the gateway does not take at start:
 * loaded where they are used instead, so start-up neither loads nor compiles nor runs them. Fastify loads HTTP/2
 * and HTTPS for servers built with those options, which the gateway's never are; @fastify/static runs glob (with
 * minimatch, path-scurry and lru-cache) only to list a folder served without wildcard routes, which it then
 * imports from a chunk of its own; @fastify/send
 * builds mime's tables of some thousand types for the first file it serves. The build fails when a package no longer
 * declares one as written here, so an upgrade cannot silently undo it.
 */
const ON_FIRST_USE = [
  { file: /\/fastify\/lib\/server\.js$/, declaration: "const https = require('node:https')", name: 'https', loaded: "require('node:https')" },
  { file: /\/fastify\/lib\/server\.js$/, declaration: "const http2 = require('node:http2')", name: 'http2', loaded: "require('node:http2')" },
  { file: /\/@fastify\/static\/index\.js$/, declaration: "const { glob } = require('glob')", name: 'glob', loaded: "(await import('glob')).glob" },
  { file: /\/@fastify\/send\/lib\/send\.js$/, declaration: "const mime = require('mime')", name: 'mime', loaded: "require('mime')" },
  {
    file: /\/@fastify\/send\/index\.js$/,
    declaration: "const mime = require('mime')",
    name: 'mime',
    loaded: "require('mime')",
    exported: ['module.exports.mime = mime\n', "Object.defineProperty(module.exports, 'mime', { enumerable: true, get: () => require('mime') })\n"] as const,
  },
]

/** A text replacement in one package's module, made before Rollup reads it. */
interface SourceEdit {
  file: RegExp
  from: string
  to: string
}

/** `code` with each edit for module `id` made; the build fails when a `from` is no longer there (a package changed). */
function editSource(context: { error: (message: string) => never }, code: string, id: string, edits: SourceEdit[], listName: string): string {
  for (const { from, to } of edits.filter(({ file }) => file.test(id))) {
    if (!code.includes(from)) context.error(`${id} no longer has ${from}: update ${listName}`)
    code = code.replace(from, to)
  }
  return code
}

/**
 * Start-up statements moved to where their module is first loaded, for modules ON_FIRST_USE loads later:
 * @fastify/static sets mime's default type when it loads, which built mime's tables at start.
 */
const MOVED: SourceEdit[] = [
  { file: /\/@fastify\/static\/index\.js$/, from: "send.mime.default_type = 'application/octet-stream'\n", to: '' },
  { file: /\/node_modules\/mime\/index\.js$/, from: "require('./types/other'));\n", to: "require('./types/other'));\nmodule.exports.default_type = 'application/octet-stream';\n" },
]
const loadedOnFirstUse: Plugin = {
  name: 'gatehouse-loaded-on-first-use',
  enforce: 'pre',
  transform(code, id) {
    code = editSource(this, code, id, MOVED, 'MOVED')
    const entries = ON_FIRST_USE.filter(({ file }) => file.test(id))
    for (const { declaration, name, loaded, exported } of entries) {
      if (!code.includes(`${declaration}\n`)) this.error(`${id} no longer declares ${declaration}: update ON_FIRST_USE`)
      // An export of the module itself becomes a getter that loads it.
      if (exported && !code.includes(exported[0])) this.error(`${id} no longer exports ${name} as ${exported[0]}: update ON_FIRST_USE`)
      if (exported) code = code.replace(exported[0], exported[1])
      // Each use of the name as a value (`http2.createServer(`, `glob(`), not a property or a word in a string.
      code = code.replace(`${declaration}\n`, '').replace(new RegExp(`(?<![.\\w$'"])${name}(?=[.(])`, 'g'), loaded)
    }
    return entries.length || MOVED.some(({ file }) => file.test(id)) ? { code, map: null } : null
  },
}

/**
 * find-my-way (Fastify's router) compiles JavaScript with `new Function` for every route it is given: a params
 * builder and a constraint matcher for each handler, a prefix matcher for each static node of the tree. The gateway
 * adds ~275 routes, so a start created 810 functions (9-15 ms, and their source and code were kept for good), most
 * for routes a given server never serves. Here each is compiled on its first call instead: a stub that compiles the
 * function, puts it where the stub was (each is called as a method of the object that holds it) and calls it, so a
 * route's lookups after its first run exactly the code they ran before. 40 are still compiled at start: the prefixes
 * Fastify's own lookups walk while routes are added. The build fails when find-my-way no longer has the code written
 * here.
 */
const COMPILED_ON_FIRST_CALL: SourceEdit[] = [
  {
    file: /\/find-my-way\/lib\/handler-storage\.js$/,
    from: '      _createParamsObject: this._compileCreateParamsObject(params)\n',
    to: "      _createParamsObject: compiledOnFirstCall('_createParamsObject', () => this._compileCreateParamsObject(params))\n",
  },
  {
    file: /\/find-my-way\/lib\/handler-storage\.js$/,
    from: "    this._getHandlerMatchingConstraints = new Function('derivedConstraints', lines.join('\\n')) // eslint-disable-line\n",
    to: "    const source = lines.join('\\n')\n    this._getHandlerMatchingConstraints = compiledOnFirstCall('_getHandlerMatchingConstraints', () => new Function('derivedConstraints', source))\n",
  },
  {
    file: /\/find-my-way\/lib\/node\.js$/,
    from: "  return new Function('path', 'i', `'use strict'\\nreturn ${lines.join(' && ')}`) // eslint-disable-line\n",
    to: "  const source = `'use strict'\\nreturn ${lines.join(' && ')}`\n  return compiledOnFirstCall('matchPrefix', () => new Function('path', 'i', source))\n",
  },
]
const compiledOnFirstCallHelper = `
function compiledOnFirstCall (name, compile) {
  return function compileOnFirstCall (...args) {
    const compiled = compile()
    this[name] = compiled
    return compiled.apply(this, args)
  }
}
`
const compiledOnFirstCall: Plugin = {
  name: 'gatehouse-compiled-on-first-call',
  enforce: 'pre',
  transform(code, id) {
    if (!COMPILED_ON_FIRST_CALL.some(({ file }) => file.test(id))) return null
    code = editSource(this, code, id, COMPILED_ON_FIRST_CALL, 'COMPILED_ON_FIRST_CALL')
    if (!code.startsWith("'use strict'\n")) this.error(`${id} no longer starts with 'use strict': update compiledOnFirstCall`)
    return { code: code.replace("'use strict'\n", `'use strict'\n${compiledOnFirstCallHelper}`), map: null }
  },
}

/**
 * Node built-ins the gateway's own code uses on some requests only (zlib: compressed web pages fetched for a tool,
 * a transcript's compressed size; readline: a batch's input file): required where used instead of at the top of
 * the bundle, where Rollup hoists every import, so a start neither loads nor compiles them. Each use of the name
 * Rollup gave the module (`node_zlib.createGunzip(`) becomes `require("node:zlib").createGunzip(`; the build fails
 * when the name is used any other way.
 */
const BUILTINS_ON_FIRST_USE = ['node:zlib', 'node:readline']
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
const builtinsOnFirstUse: Plugin = {
  name: 'gatehouse-builtins-on-first-use',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue
      for (const id of BUILTINS_ON_FIRST_USE) {
        const loaded = `require("${id}")`
        const declared = new RegExp(`(,?)([\\w$]+)=${escapeRegExp(loaded)}(,?)`).exec(chunk.code)
        if (!declared) continue
        const [declaration, before, name = '', after] = declared
        if (!before && !after) this.error(`${chunk.fileName}: ${name}=${loaded} is not one of several declarations; update builtinsOnFirstUse`)
        const code = chunk.code.replace(declaration, before && after ? ',' : '')
        const uses = new RegExp(`(?<![\\w$.])${escapeRegExp(name)}(?![\\w$])`, 'g')
        if (code.match(uses)?.length !== code.match(new RegExp(`${uses.source}(?=\\.)`, 'g'))?.length) this.error(`${chunk.fileName}: ${name} (${id}) is used other than as ${name}.x; update builtinsOnFirstUse`)
        chunk.code = code.replace(uses, loaded)
      }
    }
  },
}

// Left as require() calls by the CommonJS conversion, which would otherwise hoist them back to the top.
const requiredOnFirstUse = ['node:https', 'node:http2', ...FROM_NODE_MODULES_ON_FIRST_USE]

const outDir = resolve('out/serve')
const bundleOptions = { target: 'node20', outDir, minify: false, reportCompressedSize: false, commonjsOptions: { include: [/node_modules/], ignoreDynamicRequires: true, ignore: requiredOnFirstUse } }
const shared = { logLevel: 'warn' as const, ssr: { noExternal: true as const, target: 'node' as const }, resolve: { conditions: ['node', 'import', 'default'] } }

/** `import.meta` in the CommonJS gateway: its own file and folder (renderer-dir.ts, serve-entry.ts, createRequire). */
const importMetaInCommonJs: Plugin = {
  name: 'gatehouse-import-meta-in-commonjs',
  resolveImportMeta(property, { format }) {
    if (format !== 'cjs') return null
    if (property === 'dirname') return '__dirname'
    if (property === 'filename') return '__filename'
    return property === 'url' ? "require('node:url').pathToFileURL(__filename).href" : null
  },
}

/**
 * The gateway, built once the workers are, into the same folder: its cli.cjs is what build-if-stale.mjs dates the
 * build by, so it is written last, and a build that failed half-way is never taken for a fresh one.
 */
const gateway: InlineConfig = {
  ...shared,
  configFile: false,
  plugins: [loadedOnFirstUse, compiledOnFirstCall, asciiSource, builtinsOnFirstUse, importMetaInCommonJs],
  // Minified, names kept: V8 holds the whole source in memory while the gateway runs (functions compile on first
  // call), so blanks and comments cost resident memory; function and class names stay for stack traces and logs.
  esbuild: { minifyIdentifiers: false },
  build: {
    ...bundleOptions,
    minify: 'esbuild',
    ssr: true,
    emptyOutDir: false,
    rollupOptions: {
      input: { gateway: resolve('src/gateway/boot/cli.ts'), cli: resolve('src/gateway/boot/serve-entry.ts') },
      external: isExternal,
      onwarn: withoutPackageAnnotationNotes,
      // Packages loaded on first use (the MCP SDK, undici) by require: import() in a vm.Script needs a loader that
      // Node 20 marks experimental and warns about on stderr (code-cache.ts).
      output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs', dynamicImportInCjs: false },
    },
  },
}

const thenGateway: Plugin = { name: 'gatehouse-serve-gateway', apply: 'build', closeBundle: async () => void (await build(gateway)) }

export default defineConfig({
  ...shared,
  plugins: [asciiSource, thenGateway],
  build: {
    ...bundleOptions,
    ssr: true,
    emptyOutDir: true,
    rollupOptions: {
      input: {
        ...engineWorkerEntries(),
        // PostgresDb starts it by path, from beside the gateway (store/postgres/postgres-db.ts).
        'postgres-worker': resolve('src/gateway/store/postgres/postgres-worker.mjs'),
      },
      external: isExternal,
      onwarn: withoutPackageAnnotationNotes,
      // Bundled CommonJS that calls require() at run time (optional packages, JSON) gets a real one.
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', banner: "import { createRequire as __gatehouseRequire } from 'node:module'; const require = __gatehouseRequire(import.meta.url);" },
    },
  },
})
