import type { Db } from '../database'
import { dialectOf } from '../db'

export type CreditHoldsRepo = ReturnType<typeof createCreditHoldsRepo>

interface Hold {
  id: string
  instanceId: string
  micro: number
  createdAt: number
}

/**
 * Holds of requests in flight, shared by every instance of a store: each hold is a row with its
 * instance, and `company.held_micro` is their sum, so a reservation is one conditional UPDATE that no
 * two instances can both pass on the same credits.
 */
export function createCreditHoldsRepo(db: Db) {
  const readStmt = db.prepare('SELECT balance_micro, held_micro FROM company WHERE id = 1')
  const reserveStmt = db.prepare('UPDATE company SET held_micro = held_micro + @micro WHERE id = 1 AND balance_micro - held_micro >= @micro')
  const insertStmt = db.prepare('INSERT INTO credit_holds (id, instance_id, micro, created_at) VALUES (@id, @instanceId, @micro, @createdAt)')
  const reserveInTransaction = db.transaction((hold: Hold): boolean => {
    if (reserveStmt.run({ micro: hold.micro }).changes === 0) return false
    insertStmt.run(hold)
    return true
  })
  // PostgreSQL: one statement, one round trip to the server where BEGIN, UPDATE, INSERT and COMMIT took three (SQLite has no UPDATE in a WITH).
  const reserveOneStatement =
    dialectOf(db) === 'postgres'
      ? db.prepare(`WITH reserved AS (UPDATE company SET held_micro = held_micro + CAST(@micro AS BIGINT) WHERE id = 1 AND balance_micro - held_micro >= CAST(@micro AS BIGINT) RETURNING id)
          INSERT INTO credit_holds (id, instance_id, micro, created_at) SELECT CAST(@id AS TEXT), CAST(@instanceId AS TEXT), CAST(@micro AS BIGINT), CAST(@createdAt AS BIGINT) FROM reserved`)
      : null
  const takeStmt = db.prepare('DELETE FROM credit_holds WHERE id = ? RETURNING micro')
  const unholdStmt = db.prepare('UPDATE company SET held_micro = held_micro - @micro WHERE id = 1')
  // PostgreSQL: the holds of a group commit's settlements end in one statement, one round trip where each took two.
  const releaseAllStmt =
    dialectOf(db) === 'postgres'
      ? db.prepare(`WITH gone AS (DELETE FROM credit_holds WHERE id IN (SELECT json_array_elements_text(CAST(? AS JSON))) RETURNING micro)
          UPDATE company SET held_micro = held_micro - (SELECT COALESCE(SUM(micro), 0) FROM gone) WHERE id = 1`)
      : null
  const sumOfStmt = db.prepare('SELECT COALESCE(SUM(micro), 0) AS micro FROM credit_holds WHERE instance_id = ?')
  const dropOfStmt = db.prepare('DELETE FROM credit_holds WHERE instance_id = ?')

  /** Ends a hold (its request settled); what it held, 0 when it was already released. */
  const release = (id: string): number => {
    const r = takeStmt.get(id) as { micro: number } | undefined
    if (!r) return 0
    unholdStmt.run({ micro: r.micro })
    return r.micro
  }

  return {
    /** The balance (settled charges counted) and what the holds of every instance hold of it. */
    read(): { balanceMicro: number; heldMicro: number } {
      const r = readStmt.get() as { balance_micro: number; held_micro: number } | undefined
      return { balanceMicro: r?.balance_micro ?? 0, heldMicro: r?.held_micro ?? 0 }
    },
    /** Holds `micro` if the balance minus every hold still covers it, atomically; false when it does not. */
    reserve(hold: Hold): boolean {
      return reserveOneStatement ? reserveOneStatement.run(hold).changes === 1 : reserveInTransaction(hold)
    },
    release,
    /** Ends these holds (their requests settled); those already released are skipped. */
    releaseAll(ids: readonly string[]): void {
      if (releaseAllStmt && ids.length > 1) releaseAllStmt.run(JSON.stringify(ids))
      else for (const id of ids) release(id)
    },
    /** Ends every hold of an instance that is gone; what they held. */
    releaseInstance(instanceId: string): number {
      const { micro } = sumOfStmt.get(instanceId) as { micro: number }
      if (micro !== 0) unholdStmt.run({ micro })
      dropOfStmt.run(instanceId)
      return Number(micro)
    },
  }
}
