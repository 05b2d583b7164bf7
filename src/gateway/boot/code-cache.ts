import { isAscii } from 'node:buffer'
import { closeSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { createRequire, Module } from 'node:module'
import { dirname } from 'node:path'
import { constants, Script } from 'node:vm'
import { gatewayListening } from './gateway-listening'

export interface CodeCacheRun {
  /** What V8 did with the cache file: none there (or for another build), used, or refused (other V8 flags). */
  cache: 'none' | 'accepted' | 'rejected'
  /** Settles once a missing or refused cache has been written (true), or at once when there was nothing to write. */
  written: Promise<boolean>
}

/**
 * Runs a CommonJS file the way `require` would, with V8's code cache: the bytecode of the functions a start
 * compiled, saved beside the file (`<file>.v8-cache`) after the first start and handed to V8 by later ones,
 * so they skip compiling the bundle (Node 20 caches no ES module, and has no module.enableCompileCache).
 *
 * V8 checks a cache only against the source's length and its own version and flags, so the cache also names
 * the file's size and mtime: a rebuilt bundle never runs a previous build's bytecode. The cache is written when
 * `writeWhen` calls back (by default once the gateway listens: start-up has compiled what it needs, and V8's flags
 * are still those of the start, which a cache must match to be used); an unwritable folder only costs the cache.
 */
export function runWithCodeCache(file: string, { writeWhen = whenGatewayListens }: { writeWhen?: (write: () => void) => void } = {}): CodeCacheRun {
  const cacheFile = `${file}.v8-cache`
  const { source, size, mtimeMs } = readWrapped(file)
  const stamp = Buffer.from(`${process.version} ${process.arch} ${size} ${mtimeMs}\n`)
  const cachedData = readStamped(cacheFile, stamp)
  const script = new Script(source, {
    filename: file,
    cachedData,
    // The bundle loads packages by require (vite.serve.config.ts); an import() still works, with Node 20's warning.
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  })
  const cache = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted'
  const module = new Module(file)
  module.filename = file
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file))
  const written = cache === 'accepted' ? Promise.resolve(false) : new Promise<boolean>((resolve) => writeWhen(() => resolve(writeStamped(cacheFile, stamp, script.createCachedData()))))
  return { cache, written }
}

const [WRAPPER_HEAD, WRAPPER_TAIL] = Module.wrap('\0').split('\0') as [string, string]

/**
 * The file inside Node's CommonJS wrapper, as one string read from one buffer: `Module.wrap(text)` would be a
 * concatenation, which V8 copies into a flat string before it compiles: a third copy of the 1.5 MB bundle, 1.6 MB
 * more at the peak of every start. An ASCII file (the gateway's bundle is one: vite.serve.config.ts) is read as
 * Latin-1, which is a copy, where Node's UTF-8 decoding of the same 1.5 MB took 5-18 ms of every start. The size and
 * mtime are the open file's, so the cache's stamp names what was read.
 */
function readWrapped(file: string): { source: string; size: number; mtimeMs: number } {
  const fd = openSync(file, 'r')
  try {
    const { size, mtimeMs } = fstatSync(fd)
    const bytes = Buffer.allocUnsafeSlow(WRAPPER_HEAD.length + size + WRAPPER_TAIL.length)
    let end = bytes.write(WRAPPER_HEAD, 'latin1')
    for (let n; end < WRAPPER_HEAD.length + size && (n = readSync(fd, bytes, end, WRAPPER_HEAD.length + size - end, null)) > 0; ) end += n
    end += bytes.write(WRAPPER_TAIL, end, 'latin1')
    const text = bytes.subarray(0, end)
    return { source: text.toString(isAscii(text) ? 'latin1' : 'utf8'), size, mtimeMs }
  } finally {
    closeSync(fd)
  }
}

function whenGatewayListens(write: () => void): void {
  const onListening = () => {
    unsubscribe(gatewayListening.name, onListening)
    write()
  }
  subscribe(gatewayListening.name, onListening)
}

function readStamped(cacheFile: string, stamp: Buffer): Buffer | undefined {
  try {
    const data = readFileSync(cacheFile)
    return data.subarray(0, stamp.length).equals(stamp) ? data.subarray(stamp.length) : undefined
  } catch {
    return undefined
  }
}

/** Through a temp file and a rename, so two processes starting at once never leave half a cache. */
function writeStamped(cacheFile: string, stamp: Buffer, data: Buffer): boolean {
  const temp = `${cacheFile}.${process.pid}.tmp`
  try {
    writeFileSync(temp, Buffer.concat([stamp, data]))
    renameSync(temp, cacheFile)
    return true
  } catch {
    rmSync(temp, { force: true })
    return false
  }
}
