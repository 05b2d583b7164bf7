import type { Db } from '../database'

export type UsageOwnersRepo = ReturnType<typeof createUsageOwnersRepo>

/** Which instance wrote each `started` usage row of a shared store, so only a gone instance's rows become `interrupted`. */
export function createUsageOwnersRepo(db: Db) {
  const ownStmt = db.prepare('INSERT INTO usage_owners (usage_id, instance_id) VALUES (@usageId, @instanceId) ON CONFLICT (usage_id) DO NOTHING')
  const disownStmt = db.prepare('DELETE FROM usage_owners WHERE usage_id = ?')
  const interruptStmt = db.prepare(`
    UPDATE usage_log SET state = 'interrupted', error = @error
    WHERE state = 'started' AND id IN (SELECT usage_id FROM usage_owners WHERE instance_id = @instanceId)`)
  const dropStmt = db.prepare('DELETE FROM usage_owners WHERE instance_id = ?')

  return {
    own(usageId: string, instanceId: string): void {
      ownStmt.run({ usageId, instanceId })
    },
    disown(usageId: string): void {
      disownStmt.run(usageId)
    },
    /** The `started` rows of a gone instance become `interrupted`; how many. */
    interruptInstance(instanceId: string, error: string): number {
      const changed = interruptStmt.run({ instanceId, error }).changes
      dropStmt.run(instanceId)
      return changed
    },
  }
}
