import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

const CACHE_ROOT = join(import.meta.dirname, '../../node_modules/.cache')

/**
 * A folder under node_modules/.cache/`name` made from the file `input` (a manifest, a requirements list), and made
 * again when that file's content changes: a sha256 stamp beside it says what it was made from. It is filled under
 * another name and renamed into place, so a folder that is there is whole.
 */
export function cachedFolder(name: string, input: string) {
  const cache = join(CACHE_ROOT, name)
  const dir = join(cache, 'made')
  const stamp = join(cache, 'input.sha256')
  const wanted = () => createHash('sha256').update(readFileSync(input)).digest('hex')
  const upToDate = () => existsSync(dir) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted()
  return {
    /** Fills the folder with `fill` (given the folder to create) unless it is up to date; resolves to the folder. */
    async make(fill: (building: string) => Promise<void>): Promise<string> {
      if (upToDate()) return dir
      rmSync(cache, { recursive: true, force: true })
      mkdirSync(cache, { recursive: true })
      const building = join(cache, 'building')
      await fill(building)
      renameSync(building, dir)
      writeFileSync(stamp, wanted())
      return dir
    },
    /** The folder the global setup made; `what` names it in the error when it is missing or stale. */
    made(what: string): string {
      if (!upToDate()) throw new Error(`${what}: not in node_modules/.cache, or made from an older ${basename(input)}. Run the tests through vitest, whose global setup (test/global-setup.ts) makes it.`)
      return dir
    },
  }
}
