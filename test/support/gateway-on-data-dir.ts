import { readFileSync } from 'node:fs'
import { resolveConfig } from '../../src/gateway/config/load-config'
import { startGateway } from '../../src/gateway/boot/start-gateway'

/**
 * A second gateway process on a data dir another one runs on, the single-owner lock bypassed (as a
 * forced second instance would): `node --import tsx gateway-on-data-dir.ts <config.json> <data-dir>`.
 * Prints `listening on <url>`; stops on SIGTERM.
 */
const [configFile, dataDir] = process.argv.slice(2)
const config = resolveConfig(JSON.parse(readFileSync(configFile!, 'utf8')) as Record<string, unknown>, configFile!, {})
config.server.port = 0
const gateway = await startGateway({ config, dataDir: dataDir!, env: {}, lockOwner: false })
process.stdout.write(`listening on ${gateway.url}\n`)
process.once('SIGTERM', () => void gateway.close().then(() => process.exit(0)))
