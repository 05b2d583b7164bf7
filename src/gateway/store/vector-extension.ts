import * as sqliteVec from 'sqlite-vec'
import { isSqlite, type Db } from './database'

/**
 * Loads sqlite-vec (its prebuilt library ships in an npm package per platform) for fast vector
 * distances inside SQLite. Where it has no build, or cannot load, RAG falls back to scanning vectors
 * in JavaScript (bench/rag.bench.ts measures both).
 */
export function loadVectorExtension(db: Db): boolean {
  if (!isSqlite(db)) return false
  try {
    sqliteVec.load(db)
    return true
  } catch {
    return false
  }
}
