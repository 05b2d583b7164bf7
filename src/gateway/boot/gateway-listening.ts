import { channel } from 'node:diagnostics_channel'

/**
 * Published by the CLI once the gateway listens, before it has answered any request: `npm run serve` writes V8's
 * code cache then (code-cache.ts), while the V8 flags it started with still hold (scripts/lean-until-first-request.mjs
 * gives V8 its defaults back on the first request, and a cache made under other flags is refused by the next start).
 */
export const gatewayListening = channel('gatehouse:gateway-listening')
