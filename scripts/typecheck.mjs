// Type-checks every runtime: Node (gateway, shared, tests), the renderer, and Electron's main and preload.
// The last needs Electron's type declarations, which ship inside the electron package; where npm could not
// install that package (its binary download failed), it is reported as skipped, with the reason.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const tsc = (project) => execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project, '--noEmit'], { stdio: 'inherit', cwd: root })

try {
  tsc('tsconfig.node.json')
  tsc('tsconfig.web.json')
  if (existsSync(join(root, 'node_modules/electron/electron.d.ts'))) tsc('tsconfig.electron.json')
  else console.log('typecheck: skipped tsconfig.electron.json (the electron package, which holds its types, is not installed here)')
} catch {
  process.exit(1)
}
