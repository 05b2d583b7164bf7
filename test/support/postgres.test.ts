import { spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { expect, it } from 'vitest'
import { isProcessAlive } from '../../src/gateway/kernel/process-alive'
import { postgresBinDir, serverPid, startPostgresCluster, sweepOrphanClusters } from './postgres'

const bin = postgresBinDir()

it.skipIf(!bin)("stops and removes a cluster whose test run died, and leaves a live run's alone", async () => {
  const orphan = await startPostgresCluster(bin!)
  const live = await startPostgresCluster(bin!)
  try {
    const server = serverPid(orphan.dir)!
    // As if the run that started it had been killed: its owner is a process that has exited.
    writeFileSync(join(orphan.dir, 'owner.pid'), String(spawnSync('true').pid))

    await sweepOrphanClusters()

    expect(existsSync(orphan.dir)).toBe(false)
    expect(isProcessAlive(server)).toBe(false)
    const client = new pg.Client({ connectionString: live.url })
    await client.connect()
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    await client.end()
  } finally {
    await Promise.all([orphan.stop(), live.stop()])
  }
})
