import type { Db } from '../database'

export type SettingsRepo = ReturnType<typeof createSettingsRepo>

/** Small key/value facts about this installation (first run done, and the like). */
export function createSettingsRepo(db: Db) {
  const getStmt = db.prepare('SELECT value FROM settings WHERE key = ?')
  const setStmt = db.prepare(
    'INSERT INTO settings (key, value) VALUES (@key, @value) ON CONFLICT(key) DO UPDATE SET value = @value',
  )
  return {
    get(key: string): string | undefined {
      return (getStmt.get(key) as { value: string } | undefined)?.value
    },
    set(key: string, value: string): void {
      setStmt.run({ key, value })
    },
  }
}
