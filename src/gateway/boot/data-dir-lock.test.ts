import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../../test/support/temp-dirs'
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, readLockHolder } from './data-dir-lock'

const tempDir = useTempDirs('gh-lock-')
/** The pid of a process that has exited: a crashed owner. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!

describe('data dir lock', () => {
  it('records the owner and its URL, refuses a second owner, and frees the dir on release', () => {
    const dir = tempDir()
    const lock = acquireDataDirLock(dir, 'serve')
    expect(readLockHolder(dir)).toMatchObject({ pid: process.pid, owner: 'serve', url: null })
    lock.setUrl('http://127.0.0.1:4310')
    expect(readLockHolder(dir)?.url).toBe('http://127.0.0.1:4310')
    const second = (() => {
      try {
        acquireDataDirLock(dir, 'desktop')
      } catch (e) {
        return e
      }
    })()
    expect(second).toBeInstanceOf(DataDirLockedError)
    expect((second as Error).message).toContain(`at http://127.0.0.1:4310`)
    lock.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    acquireDataDirLock(dir, 'desktop').release()
  })

  it('takes over the lock of a process that died, and one with its own pid (a restarted container)', () => {
    const dir = tempDir()
    for (const pid of [deadPid(), process.pid]) {
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, owner: 'serve', url: 'http://127.0.0.1:1', startedAt: '2026-01-01T00:00:00Z' }))
      expect(pid === process.pid || readLockHolder(dir) === null).toBe(true)
      const lock = acquireDataDirLock(dir, 'serve')
      expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, url: null })
      lock.release()
    }
  })

  it('takes over a lock file that is not ours to read (half written, garbage)', () => {
    const dir = tempDir()
    writeFileSync(join(dir, LOCK_FILE), '{"pid":')
    acquireDataDirLock(dir, 'serve').release()
  })

  it('never releases a lock another process took over meanwhile', () => {
    const dir = tempDir()
    const lock = acquireDataDirLock(dir, 'serve')
    const other = JSON.stringify({ pid: process.ppid, owner: 'desktop', url: 'http://127.0.0.1:2', startedAt: 'x' })
    writeFileSync(lock.file, other)
    lock.setUrl('http://127.0.0.1:3')
    lock.release()
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(other)
  })
})
