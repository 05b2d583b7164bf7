import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

/**
 * Where the built renderer (`vite build --config vite.renderer.config.ts` -> out/renderer) sits:
 * beside the sources when run with tsx (src/gateway/api/web -> ../../../../out/renderer), or beside
 * the bundled main process (out/main -> ../renderer).
 */
export function findRendererDir(from: string = import.meta.dirname): string {
  const candidates = [resolve(from, '../../../../out/renderer'), resolve(from, '../renderer')]
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[0]!
}
