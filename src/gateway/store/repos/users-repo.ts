import type { Db } from '../database'
import type { RowSource } from './providers-repo'

export interface UserRow {
  id: string
  name: string
  teamId: string
  source: RowSource
  createdAt: number
  updatedAt: number
}

interface Raw {
  id: string
  name: string
  team_id: string
  source: RowSource
  created_at: number
  updated_at: number
}

const toRow = (r: Raw): UserRow => ({
  id: r.id,
  name: r.name,
  teamId: r.team_id,
  source: r.source,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

export type UsersRepo = ReturnType<typeof createUsersRepo>

export function createUsersRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO users (id, name, team_id, source, created_at, updated_at)
    VALUES (@id, @name, @teamId, @source, @now, @now)
    ON CONFLICT(id) DO UPDATE SET name = @name, team_id = @teamId, source = @source, updated_at = @now`)
  const getStmt = db.prepare('SELECT * FROM users WHERE id = ?')
  const byNameStmt = db.prepare('SELECT * FROM users WHERE name = ?')
  const listStmt = db.prepare('SELECT * FROM users ORDER BY name')
  const deleteStmt = db.prepare('DELETE FROM users WHERE id = ?')

  return {
    upsert(u: Omit<UserRow, 'createdAt' | 'updatedAt'>, now: number): UserRow {
      upsertStmt.run({ ...u, now })
      return this.get(u.id)!
    },
    get(id: string): UserRow | undefined {
      const r = getStmt.get(id) as Raw | undefined
      return r && toRow(r)
    },
    getByName(name: string): UserRow | undefined {
      const r = byNameStmt.get(name) as Raw | undefined
      return r && toRow(r)
    },
    list(): UserRow[] {
      return (listStmt.all() as Raw[]).map(toRow)
    },
    delete(id: string): boolean {
      return deleteStmt.run(id).changes > 0
    },
  }
}
