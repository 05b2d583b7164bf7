/**
 * A migration's SQLite DDL as PostgreSQL runs it: SQLite's INTEGER is 64-bit (times in ms, micro-credits)
 * and so is BIGINT, BLOB is BYTEA, REAL is DOUBLE PRECISION; text compares byte by byte as SQLite's does
 * (so ORDER BY name lists in one order on both); WITHOUT ROWID has no meaning there.
 */
export function postgresDdl(sql: string): string {
  return sql
    .replace(/\bINTEGER\b/g, 'BIGINT')
    .replace(/\bBLOB\b/g, 'BYTEA')
    .replace(/\bREAL\b/g, 'DOUBLE PRECISION')
    .replace(/\bTEXT\b/g, 'TEXT COLLATE "C"')
    .replace(/\)\s*WITHOUT ROWID/g, ')')
}
