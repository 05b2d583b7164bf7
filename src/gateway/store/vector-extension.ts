import * as sqliteVec from 'sqlite-vec'
import { isSqlite, type Db } from './database'
import { loadExtensionOnFirstUse } from './prepared-on-first-use'

/**
 * Loads sqlite-vec (its prebuilt library ships in an npm package per platform) for fast vector
 * distances inside SQLite. Where it has no build, RAG falls back to scanning vectors in JavaScript
 * (bench/rag.bench.ts measures both). The library loads when the first statement calling one of its
 * `vec_` functions compiles: loaded, it costs some 1 MB resident (its pages and the symbols it resolves
 * in Node's), which a gateway that never searches vectors has no use for. A build that is there but
 * cannot load fails that statement with the loader's error.
 */
export function loadVectorExtension(db: Db): boolean {
  if (!isSqlite(db)) return false
  let library: string
  try {
    library = sqliteVec.getLoadablePath()
  } catch {
    return false
  }
  loadExtensionOnFirstUse(db, /\bvec_\w+\s*\(/i, () => db.loadExtension(library))
  return true
}
