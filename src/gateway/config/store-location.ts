/** Which store a gateway uses, as Settings shows it: never the password of a PostgreSQL URL. */
export type StoreLocation =
  | { engine: 'sqlite'; path: string }
  | { engine: 'postgres'; host: string; port: number; database: string; user: string | null }

export const isPostgresUrl = (url: string | undefined): url is string => url !== undefined && /^postgres(ql)?:\/\//i.test(url)

export function storeLocation(opts: { url?: string; sqliteFile: string }): StoreLocation {
  if (!isPostgresUrl(opts.url)) return { engine: 'sqlite', path: opts.sqliteFile }
  const u = new URL(opts.url)
  return {
    engine: 'postgres',
    host: decodeURIComponent(u.hostname) || 'localhost',
    port: u.port ? Number(u.port) : 5432,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username) || 'postgres',
    user: u.username ? decodeURIComponent(u.username) : null,
  }
}
