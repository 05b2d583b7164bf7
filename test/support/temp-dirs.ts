import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'

/**
 * A maker of fresh temp dirs named `<prefix>…`; every dir it made is removed after each test, or with `afterFile`
 * once the file's tests are done (for what a `beforeAll` or a shared fixture makes, and where tests run side by side).
 * Call it above the file's other after-hooks: vitest runs after-hooks last-registered first, so the dirs go
 * once those hooks have stopped the gateways and child processes that write into them.
 */
export function useTempDirs(prefix: string, { afterFile = false } = {}): () => string {
  const dirs: string[] = []
  ;(afterFile ? afterAll : afterEach)(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    dirs.push(dir)
    return dir
  }
}
