import type { Db } from '../database'

/** A gateway serving from this store: who it is and when it last said it was alive (ms). */
export interface InstanceRow {
  id: string
  host: string
  pid: number
  version: string
  url: string | null
  startedAt: number
  heartbeatAt: number
}

interface Raw {
  id: string
  host: string
  pid: number
  version: string
  url: string | null
  started_at: number
  heartbeat_at: number
}

const toRow = (r: Raw): InstanceRow => ({ id: r.id, host: r.host, pid: r.pid, version: r.version, url: r.url, startedAt: r.started_at, heartbeatAt: r.heartbeat_at })

export type InstancesRepo = ReturnType<typeof createInstancesRepo>

/** The live gateways of a shared store (gateway_instances). */
export function createInstancesRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO gateway_instances (id, host, pid, version, url, started_at, heartbeat_at)
    VALUES (@id, @host, @pid, @version, @url, @startedAt, @heartbeatAt)
    ON CONFLICT (id) DO UPDATE SET url = excluded.url, heartbeat_at = excluded.heartbeat_at`)
  const beatStmt = db.prepare('UPDATE gateway_instances SET heartbeat_at = @now WHERE id = @id')
  const liveStmt = db.prepare('SELECT * FROM gateway_instances WHERE heartbeat_at >= @since ORDER BY started_at, id')
  const staleStmt = db.prepare('SELECT id FROM gateway_instances WHERE heartbeat_at < @since ORDER BY id')
  const removeStmt = db.prepare('DELETE FROM gateway_instances WHERE id = ?')
  const probeStmt = db.prepare('SELECT count(*) AS n FROM gateway_instances')

  return {
    register(row: InstanceRow): void {
      upsertStmt.run(row)
    },
    /** False when the row is gone (another instance took this one for dead): register again. */
    beat(id: string, now: number): boolean {
      return beatStmt.run({ id, now }).changes > 0
    },
    live(since: number): InstanceRow[] {
      return (liveStmt.all({ since }) as Raw[]).map(toRow)
    },
    staleIds(since: number): string[] {
      return (staleStmt.all({ since }) as { id: string }[]).map((r) => r.id)
    },
    /** Throws unless the store answers and has this schema (for `/health/ready`). */
    probe(): void {
      probeStmt.get()
    },
    remove(id: string): boolean {
      return removeStmt.run(id).changes > 0
    },
  }
}
