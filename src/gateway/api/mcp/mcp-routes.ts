import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { FastifyInstance, FastifyReply } from 'fastify'
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
  // Its tools span chat, files and audio; an OAuth token of any scope may call it (each tool's service bills as the API does).
  installApiKeyAuth(app, opts.authenticate, 'any')

  app.post('/mcp', async (req, reply) => {
    const ctx = requestContext(req, reply, opts.clock)
    const server = gatewayMcpServer(opts.mcp, ctx)
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
