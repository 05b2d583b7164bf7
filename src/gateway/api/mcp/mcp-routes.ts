import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { OAUTH_SCOPES } from '../../../shared/admin-wire'
import { installApiKeyAuth } from '../../http/api-key-auth'
import type { Clock } from '../../kernel/runtime'
import type { Authenticate } from '../../services/auth/authenticate'
import { gatewayMcpServer, type GatewayMcpDeps } from '../../services/mcp/gateway-mcp-server'
import { requestContext } from '../request-context'

/**
 * `/mcp`: the gateway's own tools as an MCP server over streamable HTTP, with the keys and OAuth tokens
 * of `/v1`. Stateless: each POST carries its JSON-RPC message and gets its answer (JSON or an SSE stream
 * of progress then the answer), so nothing is kept between requests and any key can be used on each.
 * There is no server-initiated stream to GET and no session to DELETE (the spec's 405 for both).
 */
export async function mcpRoutes(app: FastifyInstance, opts: { mcp: GatewayMcpDeps; clock: Clock; authenticate: Authenticate }) {
  await app.register(mcpResourceMetadata)
  await app.register(mcpServerRoutes, opts)
}

const origin = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? req.hostname}`
const METADATA_PATH = '/.well-known/oauth-protected-resource/mcp'

/** RFC 9728: what `/mcp` is and which authorization server issues its tokens (the 401's `resource_metadata`). */
async function mcpResourceMetadata(app: FastifyInstance) {
  app.get(METADATA_PATH, async (req) => ({
    resource: `${origin(req)}/mcp`,
    authorization_servers: [origin(req)],
    bearer_methods_supported: ['header'],
    scopes_supported: OAUTH_SCOPES,
    resource_name: 'Gatehouse MCP server',
  }))
}

async function mcpServerRoutes(app: FastifyInstance, opts: { mcp: GatewayMcpDeps; clock: Clock; authenticate: Authenticate }) {
  // A token of any scope may connect; each tool checks the scope its service needs on /v1 (gateway-mcp-server.ts).
  installApiKeyAuth(app, opts.authenticate, 'any')
  // MCP clients find how to authenticate from the 401's challenge (MCP authorization spec, RFC 9728 section 5.1).
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode === 401) {
      const challenge = reply.getHeader('www-authenticate')
      const metadata = `resource_metadata="${origin(req)}${METADATA_PATH}"`
      reply.header('www-authenticate', typeof challenge === 'string' && challenge.startsWith('Bearer ') ? `${challenge}, ${metadata}` : `Bearer realm="Gatehouse", ${metadata}`)
    }
    return payload
  })

  app.post('/mcp', async (req, reply) => {
    const ctx = requestContext(req, reply, opts.clock)
    const server = await gatewayMcpServer(opts.mcp, ctx)
    // The MCP SDK loads with the first MCP request, not at start-up.
    const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js')
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    reply.hijack()
    reply.raw.on('close', () => {
      void transport.close()
      void server.close()
    })
    await server.connect(transport)
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string)
    await transport.handleRequest(req.raw, reply.raw, req.body)
  })

  const notAllowed = async (_req: unknown, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; send each JSON-RPC message with POST /mcp.' }, id: null })
  app.get('/mcp', notAllowed)
  app.delete('/mcp', notAllowed)
}
