/** `GET /admin/cluster`: which store this gateway uses (never a password) and the gateways live on it. */
export interface ClusterStatus {
  store: { engine: 'sqlite'; path: string } | { engine: 'postgres'; host: string; port: number; database: string; user: string | null }
  /** Several gateways share the store (PostgreSQL). */
  shared: boolean
  /** The id of the gateway that answered. */
  instance_id: string
  instances: ClusterInstance[]
}

export interface ClusterInstance {
  id: string
  host: string
  pid: number
  version: string
  url: string | null
  /** Unix ms. */
  started_at: number
  heartbeat_at: number
}
