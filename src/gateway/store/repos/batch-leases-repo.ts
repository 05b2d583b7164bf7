import type { Db } from '../database'

export type BatchLeasesRepo = ReturnType<typeof createBatchLeasesRepo>

/** Which instance runs each batch of a shared store, until `expires_at` (ms) unless it renews. */
export function createBatchLeasesRepo(db: Db) {
  const holderStmt = db.prepare('SELECT instance_id FROM batch_leases WHERE batch_id = ?')
  // Taken when free, expired, or already ours; PostgreSQL re-checks the WHERE on the locked row, so two takers cannot both win.
  const takeStmt = db.prepare(`
    INSERT INTO batch_leases (batch_id, instance_id, expires_at) VALUES (@batchId, @instanceId, @expiresAt)
    ON CONFLICT (batch_id) DO UPDATE SET instance_id = excluded.instance_id, expires_at = excluded.expires_at
    WHERE batch_leases.instance_id = excluded.instance_id OR batch_leases.expires_at < @now`)
  // A no-op write: it locks the lease row (PostgreSQL) so no taker releases lines while the holder settles one.
  const confirmStmt = db.prepare('UPDATE batch_leases SET expires_at = expires_at WHERE batch_id = @batchId AND instance_id = @instanceId AND expires_at >= @now')
  const dropStmt = db.prepare('DELETE FROM batch_leases WHERE instance_id = ?')

  return {
    /** Takes or renews the lease: 'renewed' (it was ours), 'taken' (free or expired: lines its last holder ran must run again), null (another holds it). */
    take(batchId: string, instanceId: string, now: number, ttlMs: number): 'renewed' | 'taken' | null {
      const before = holderStmt.get(batchId) as { instance_id: string } | undefined
      if (takeStmt.run({ batchId, instanceId, expiresAt: now + ttlMs, now }).changes === 0) return null
      return before?.instance_id === instanceId ? 'renewed' : 'taken'
    },
    /** Whether the instance still holds the lease (in the transaction that writes the batch's results). */
    confirm(batchId: string, instanceId: string, now: number): boolean {
      return confirmStmt.run({ batchId, instanceId, now }).changes > 0
    },
    /** Hands back every lease of an instance that stops, so another takes its batches at once. */
    releaseInstance(instanceId: string): void {
      dropStmt.run(instanceId)
    },
  }
}
