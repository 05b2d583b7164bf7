// `npm start`: builds and opens the desktop app (arguments after `--` go to it, e.g. `npm start -- --hidden`). It needs Electron's binary, which npm downloads from
// GitHub during install; where that download is impossible, this says so and points at `npm run serve`.
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const root = join(import.meta.dirname, '..')

function electronBinary() {
  try {
    const path = require('electron')
    return typeof path === 'string' && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

const electron = electronBinary()
if (!electron) {
  console.error(`Electron's binary is not installed on this machine, so the desktop app cannot open.
(npm downloads it from GitHub during install; that download failed or was skipped here.)

The gateway runs without Electron:
  npm run serve              the headless gateway on http://127.0.0.1:4310
  npm run serve -- --help    its options

To get the desktop app, run "npm install" again on a machine that can reach GitHub.`)
  process.exit(1)
}

const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts })

/**
 * better-sqlite3 in node_modules is built for Node (serve, tests). Electron loads its own copy, built
 * for Electron's ABI into out/native, so neither breaks the other.
 */
function ensureElectronSqlite() {
  const version = require('electron/package.json').version
  const target = join(root, 'out', 'native', `electron-${version}`)
  if (existsSync(join(target, 'better_sqlite3.node'))) return
  const work = mkdtempSync(join(tmpdir(), 'gatehouse-sqlite-'))
  try {
    cpSync(join(root, 'node_modules', 'better-sqlite3'), work, { recursive: true })
    rmSync(join(work, 'build'), { recursive: true, force: true })
    try {
      run('npx', ['--no-install', 'prebuild-install', '--runtime', 'electron', '--target', version], { cwd: work })
    } catch {
      run('npx', ['--no-install', 'node-gyp', 'rebuild', '--release', '--runtime=electron', `--target=${version}`, '--dist-url=https://electronjs.org/headers'], { cwd: work })
    }
    mkdirSync(target, { recursive: true })
    cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), join(target, 'better_sqlite3.node'))
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

ensureElectronSqlite()
run('npx', ['--no-install', 'electron-vite', 'build'])
const app = spawn(electron, [root, ...process.argv.slice(2)], { stdio: 'inherit' })
app.on('exit', (code) => process.exit(code ?? 0))
