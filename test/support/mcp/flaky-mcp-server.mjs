#!/usr/bin/env node
// A stdio MCP server for tests: `crash` exits the process mid-call, `hang` never answers, `pid` tells
// which process answered (to see a restart), `add` adds, `grow` adds a tool.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { z } from 'zod'

const server = new McpServer({ name: 'flaky', version: '1.0.0' })
server.registerTool('crash', { description: 'Exits the server process mid-call', inputSchema: {} }, async () => process.exit(3))
server.registerTool('hang', { description: 'Never answers', inputSchema: {} }, () => new Promise(() => {}))
server.registerTool('pid', { description: 'The process id of the server', inputSchema: {} }, async () => ({ content: [{ type: 'text', text: `pid ${process.pid}` }] }))
server.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }))
server.registerTool('grow', { description: 'Adds a tool named `grown` (the server then says its tools changed)', inputSchema: {} }, async () => {
  server.registerTool('grown', { description: 'Added by grow', inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'grown' }] }))
  return { content: [{ type: 'text', text: 'added grown' }] }
})
await server.connect(new StdioServerTransport())
