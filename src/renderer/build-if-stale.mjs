// Builds the web renderer (out/renderer) when it is missing or older than its sources, so `npm run serve`
// serves the UI straight after `npm install`; when it is up to date this is a quick no-op.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
const builtIndex = join(root, 'out', 'renderer', 'index.html')
const inputs = ['src/renderer', 'src/preload/api.d.ts', 'vite.renderer.config.ts', 'package-lock.json'].map((p) => join(root, p))

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0
if (builtAt && builtAt >= Math.max(...inputs.map(newestMtime))) process.exit(0)

let viteBin
try {
  viteBin = join(createRequire(import.meta.url).resolve('vite/package.json'), '..', 'bin', 'vite.js')
} catch {
  console.warn(builtAt ? 'The web UI may be out of date (vite is not installed to rebuild it).' : 'The web UI is not built and vite is not installed: the gateway will serve the API only.')
  process.exit(0)
}
console.log(builtAt ? 'Rebuilding the web UI (its sources changed)…' : 'Building the web UI (first run)…')
const run = spawnSync(process.execPath, [viteBin, 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
process.exit(run.status ?? 1)
