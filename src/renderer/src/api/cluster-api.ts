import type { ClusterStatus } from '../../../shared/cluster-wire'
import type { Connection } from './connection'
import { requestJson } from './http'

/** Which store the gateway uses and the gateways live on it (Settings > Store and instances). */
export interface ClusterApi {
  cluster(): Promise<ClusterStatus>
}

export function createClusterApi(conn: Connection): ClusterApi {
  return { cluster: () => requestJson(conn, '/admin/cluster', { auth: 'admin' }) }
}
