#!/usr/bin/env node
// gatehouse-mcp --url URL: the gateway's MCP server (/mcp, streamable HTTP) as a stdio server, for MCP
// clients that only start stdio servers. Messages pass through untouched both ways; the key comes from
// GATEHOUSE_API_KEY (a team or user key, or an OAuth access token). Logs go to stderr: stdout is the protocol.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { parseArgs } from 'node:util'

const USAGE = 'usage: GATEHOUSE_API_KEY=<key> gatehouse-mcp --url http://127.0.0.1:4310 (the gateway, or its /mcp endpoint)'

function fail(message) {
  process.stderr.write(`gatehouse-mcp: ${message}\n${USAGE}\n`)
  process.exit(2)
}

let values
try {
  ;({ values } = parseArgs({ options: { url: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }))
} catch (err) {
  fail(err.message)
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}
if (!values.url) fail('--url is missing')
let endpoint
try {
  endpoint = new URL(values.url)
} catch {
  fail(`--url ${JSON.stringify(values.url)} is not a URL`)
}
if (!/^https?:$/.test(endpoint.protocol)) fail(`--url must be an http(s) URL; got ${endpoint.protocol}`)
if (!endpoint.pathname.replace(/\/+$/, '').endsWith('/mcp')) endpoint.pathname = `${endpoint.pathname.replace(/\/+$/, '')}/mcp`
const key = process.env.GATEHOUSE_API_KEY
if (!key) fail('GATEHOUSE_API_KEY is not set: give the bridge a team or user key of the gateway')

const gateway = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${key}` } } })
const stdio = new StdioServerTransport()

/** A request the gateway could not be asked: the client gets a JSON-RPC error for it instead of silence. */
function answerWithError(message, err) {
  process.stderr.write(`gatehouse-mcp: ${err.message}\n`)
  if (message && 'id' in message && 'method' in message) {
    void stdio.send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: `Gatehouse at ${endpoint.href} could not be reached: ${err.message}` } })
  }
}

stdio.onmessage = (message) => {
  gateway.send(message).catch((err) => answerWithError(message, err))
}
gateway.onmessage = (message) => {
  void stdio.send(message)
}
gateway.onerror = (err) => process.stderr.write(`gatehouse-mcp: ${err.message}\n`)
stdio.onclose = () => {
  void gateway.close().finally(() => process.exit(0))
}

await gateway.start()
await stdio.start()
