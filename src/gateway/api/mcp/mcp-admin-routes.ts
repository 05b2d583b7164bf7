import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { installAdminAuth, type AdminAuthOptions } from '../../http/admin-auth'
import { withSchemas } from '../../http/route-schemas'
import type { McpServersAdmin } from '../../services/mcp/mcp-servers-admin'

const LABEL = /^[A-Za-z0-9_-]{1,40}$/
const toolNames = z.array(z.string().min(1)).nullable().optional()
const teams = z.array(z.strictObject({ team: z.string().min(1, 'must name a team (its name or id)'), allowed_tools: toolNames })).optional()
const secrets = z.record(z.string().min(1), z.string())

const fields = {
  label: z.string().regex(LABEL, 'must be 1 to 40 letters, digits, "_" or "-", e.g. "github"'),
  command: z.string().min(1, 'must not be empty').optional(),
  args: z.array(z.string()).optional(),
  env: secrets.optional(),
  url: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of a streamable HTTP MCP server, such as "http://127.0.0.1:3001/mcp"' }).optional(),
  headers: secrets.optional(),
  timeout: z.number().positive('must be a number of seconds above 0').max(600, 'must be at most 600 seconds').optional(),
  teams,
}
const createBody = z.strictObject(fields)
const patchBody = z.strictObject({ ...fields, label: fields.label.optional() })
const idParams = z.object({ id: z.string().min(1) })

/** `/admin/mcp-servers` (README "MCP"): register, change, test and remove the MCP servers teams may use. */
export async function mcpAdminRoutes(plain: FastifyInstance, opts: { servers: McpServersAdmin; auth: AdminAuthOptions }) {
  const { servers } = opts
  installAdminAuth(plain, opts.auth)
  const app = withSchemas(plain)
  app.get('/mcp-servers', async () => ({ object: 'list', data: servers.list() }))
  app.post('/mcp-servers', { schema: { body: createBody } }, async (req, reply) => reply.code(201).send(servers.create(req.body)))
  app.get('/mcp-servers/:id', { schema: { params: idParams } }, async (req) => servers.get(req.params.id))
  app.patch('/mcp-servers/:id', { schema: { params: idParams, body: patchBody } }, async (req) => servers.update(req.params.id, req.body))
  app.delete('/mcp-servers/:id', { schema: { params: idParams } }, async (req) => servers.remove(req.params.id))
  app.post('/mcp-servers/:id/probe', { schema: { params: idParams } }, async (req) => servers.probe(req.params.id))
  app.get('/teams/:id/mcp-tools', { schema: { params: idParams } }, async (req) => ({ object: 'list', data: await servers.forTeam(req.params.id) }))
}
