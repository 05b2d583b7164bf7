// Type-checks every runtime: Node (gateway, shared, tests), the renderer, and Electron's main and preload.
// The last needs Electron's type declarations, which ship inside the electron package; where npm could not
// install that package (its binary download failed), it is reported as skipped, with the reason.
//
// Two lanes at once: the Node project (the largest, ~half the work) beside the renderer's and then Electron's.
// tsc keeps about 1.5 cores busy with its collector, so on 2 cores that took 70 s to 52 s; three at once, 61 s.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')

/** Runs tsc on `project` with its output held back, so that two lanes' errors never interleave. */
const tsc = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project, '--noEmit'], { cwd: root })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output))
      resolve(code === 0)
    })
  })

const electronTypes = existsSync(join(root, 'node_modules/electron/electron.d.ts'))
const lanes = await Promise.all([
  tsc('tsconfig.node.json'),
  tsc('tsconfig.web.json').then(async (ok) => (electronTypes ? (await tsc('tsconfig.electron.json')) && ok : ok)),
])
if (!electronTypes) console.log('typecheck: skipped tsconfig.electron.json (the electron package, which holds its types, is not installed here)')
if (!lanes.every(Boolean)) process.exit(1)
