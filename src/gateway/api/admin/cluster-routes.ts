import type { FastifyInstance } from 'fastify'
import type { ClusterStatus } from '../../../shared/cluster-wire'
import { installAdminAuth, type AdminAuthOptions } from '../../http/admin-auth'

/** `GET /admin/cluster` (README "Several gateways on one PostgreSQL"): the store this gateway uses and the live gateways on it. */
export async function clusterRoutes(app: FastifyInstance, opts: { cluster: { status(): ClusterStatus }; auth: AdminAuthOptions }) {
  installAdminAuth(app, opts.auth)
  app.get('/cluster', async () => opts.cluster.status())
}
