import type { Db } from '../database'
import { valueCache } from './row-cache'

/** Credits are kept in micro-credits (1e-6) as integers so that sums never drift. */
export const MICRO = 1_000_000
export const toMicro = (credits: number): number => Math.round(credits * MICRO)
export const fromMicro = (micro: number): number => micro / MICRO
/** The largest balance (either sign) counted exactly: integers of micro-credits past this lose precision. */
export const MAX_BALANCE_MICRO = Number.MAX_SAFE_INTEGER

export type CompanyRepo = ReturnType<typeof createCompanyRepo>

export function createCompanyRepo(db: Db) {
  const getStmt = db.prepare('SELECT balance_micro, config_credits_micro FROM company WHERE id = 1')
  const initStmt = db.prepare(
    'INSERT INTO company (id, balance_micro, config_credits_micro) VALUES (1, @balance, @config) ON CONFLICT(id) DO NOTHING',
  )
  const addStmt = db.prepare('UPDATE company SET balance_micro = balance_micro + @delta WHERE id = 1')
  const addReturningStmt = db.prepare('UPDATE company SET balance_micro = balance_micro + ? WHERE id = 1 RETURNING balance_micro').pluck()
  const setConfigStmt = db.prepare('UPDATE company SET config_credits_micro = @config WHERE id = 1')

  const read = () => getStmt.get() as { balance_micro: number; config_credits_micro: number | null } | undefined
  // Read on every request (the 402 check); every write below clears it.
  const balance = valueCache(db, 'company', () => read()?.balance_micro ?? 0)

  return {
    balanceMicro(): number {
      return balance.get()
    },
    /**
     * The config's `credits` is the budget the company bought. The first start grants it; a later
     * start with a different number grants (or takes back) only the difference, so spending is kept.
     */
    applyConfigBudget: db.transaction((configMicro: number) => {
      balance.clear()
      const row = read()
      if (!row) {
        initStmt.run({ balance: configMicro, config: configMicro })
        return
      }
      const delta = configMicro - (row.config_credits_micro ?? 0)
      if (delta !== 0) addStmt.run({ delta })
      setConfigStmt.run({ config: configMicro })
    }),
    /** Every group commit of the usage log runs this: one statement, where reading the row before and after made three. */
    add(deltaMicro: number): number {
      balance.clear()
      const after = addReturningStmt.get(deltaMicro) as number | undefined
      if (after !== undefined) return after
      initStmt.run({ balance: 0, config: null })
      return addReturningStmt.get(deltaMicro) as number
    },
    /**
     * Once the transaction that ran `add` has committed: the balance it returned is the balance, so the next
     * request's 402 check reads it from memory, not from the table (a read per group commit, issue 30).
     */
    committed(balanceMicro: number): void {
      balance.set(balanceMicro)
    },
  }
}
