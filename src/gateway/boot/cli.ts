import { parseArgs } from 'node:util'
import { loginUrl } from '../api/web/login-url'
import { ConfigError } from '../config/config-error'
import { defaultDataDir } from '../config/data-dir'
import { defaultConfig, loadConfigFile } from '../config/load-config'
import { isStoreUrl, STORE_URL_MESSAGE } from '../config/config-schema'
import { createLogger } from '../kernel/logging'
import { DataDirLockedError } from './data-dir-lock'
import { startGateway } from './start-gateway'
import { SealedSecretsError } from '../security/key-slots'
import { AdminTokenError } from '../security/admin-token'
import { SharedSecretError } from '../security/shared-secrets'
import { gatewayListening } from './gateway-listening'
import { startWhenStoreAnswers } from './store-wait'
import { sweepArrayBuffersInPause } from '../kernel/upload-memory'

const USAGE = `Usage: npm run serve -- [--config FILE] [--data-dir DIR] [--database-url URL] [--port N] [--host H] [--log-level LEVEL]

  --config FILE     YAML or JSON config (env GATEHOUSE_CONFIG); built-in defaults without it
  --data-dir DIR    where the database, keys and files live (env GATEHOUSE_DATA_DIR)
  --database-url URL  a postgres:// URL: keep the state in PostgreSQL, shared by several instances
                    (env GATEHOUSE_DATABASE_URL; config store.url; default SQLite in the data dir)
  --port N          port to listen on, 0 for any free one (env GATEHOUSE_PORT; default 4310)
  --host H          address to bind (env GATEHOUSE_HOST; default 127.0.0.1)
  --log-level L     fatal, error, warn, info, debug (env GATEHOUSE_LOG_LEVEL; default warn)
  --blob-dir DIR    files, batch outputs and recordings, shared by several gateways (env GATEHOUSE_BLOB_DIR;
                    config blobs.dir; default the data dir)
  --admin-token-file FILE  the admin token (env GATEHOUSE_ADMIN_TOKEN_FILE, or the token in GATEHOUSE_ADMIN_TOKEN);
                    default <data-dir>/admin-token; required with a PostgreSQL store
  --secret-key-file FILE   the 32-byte key that seals provider keys, raw or base64 (env GATEHOUSE_SECRET_KEY_FILE,
                    or the key in GATEHOUSE_SECRET_KEY); default <data-dir>/secret.key; required with PostgreSQL
  --wait-for-store  keep trying to reach the PostgreSQL store instead of exiting, answering 503 on the port
                    (GET /health/ready) until it is reachable and migrated (env GATEHOUSE_WAIT_FOR_STORE=1)`

/** `serve`: flags and env -> config -> deps -> listen. The only place that reads process.env. */
async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let flags
  try {
    flags = parseArgs({
      args: argv,
      options: {
        config: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'log-level': { type: 'string' },
        'blob-dir': { type: 'string' },
        'admin-token-file': { type: 'string' },
        'secret-key-file': { type: 'string' },
        'wait-for-store': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${USAGE}\n`)
    return 1
  }
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }

  const configFile = flags.config ?? env.GATEHOUSE_CONFIG
  const config = configFile ? loadConfigFile(configFile, env) : defaultConfig()
  const portText = flags.port ?? env.GATEHOUSE_PORT
  if (portText !== undefined) {
    const port = Number(portText)
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('--port', [{ path: 'port', message: `must be a whole number from 0 to 65535; got "${portText}"` }])
    config.server.port = port
  }
  const host = flags.host ?? env.GATEHOUSE_HOST
  if (host) config.server.host = host
  const databaseUrl = flags['database-url'] ?? env.GATEHOUSE_DATABASE_URL
  if (databaseUrl !== undefined) {
    const flag = flags['database-url'] !== undefined ? '--database-url' : 'GATEHOUSE_DATABASE_URL'
    if (!isStoreUrl(databaseUrl)) throw new ConfigError(flag, [{ path: flag, message: STORE_URL_MESSAGE }])
    config.store = { url: databaseUrl }
  }
  const dataDir = flags['data-dir'] ?? env.GATEHOUSE_DATA_DIR ?? defaultDataDir(env)
  const blobDir = flags['blob-dir'] ?? env.GATEHOUSE_BLOB_DIR
  if (blobDir) config.blobs.dir = blobDir
  const secrets = {
    adminTokenFile: flags['admin-token-file'] ?? env.GATEHOUSE_ADMIN_TOKEN_FILE,
    adminToken: env.GATEHOUSE_ADMIN_TOKEN,
    secretKeyFile: flags['secret-key-file'] ?? env.GATEHOUSE_SECRET_KEY_FILE,
    secretKey: env.GATEHOUSE_SECRET_KEY,
  }

  sweepArrayBuffersInPause(process.execArgv, env.NODE_OPTIONS)
  const logger = createLogger({ level: flags['log-level'] ?? env.GATEHOUSE_LOG_LEVEL ?? 'warn' })
  const start = () => startGateway({ config, dataDir, env, logger, secrets })
  const waitForStore = flags['wait-for-store'] ?? ['1', 'true'].includes(env.GATEHOUSE_WAIT_FOR_STORE ?? '')
  const gateway = waitForStore
    ? await startWhenStoreAnswers(start, { host: config.server.host, port: config.server.port, onRetry: (m) => process.stderr.write(`Waiting for the store (GET /health/ready answers 503 meanwhile): ${m}\n`) })
    : await start()
  gatewayListening.publish({ url: gateway.url })
  const out = process.stdout
  out.write(`Gatehouse gateway listening on ${gateway.url}\n`)
  out.write(`  config:   ${config.source}\n  store:    ${gateway.storeDescription}\n  data dir: ${dataDir}\n  admin token: ${secrets.adminTokenFile ? `in ${secrets.adminTokenFile}` : secrets.adminToken ? 'from GATEHOUSE_ADMIN_TOKEN' : `in ${dataDir}/admin-token`}\n`)
  out.write(`\nWeb UI: open this login URL once; it signs this browser in and drops the token from the address bar:\n\n  ${loginUrl(gateway.url, gateway.adminToken)}\n`)
  if (gateway.firstRunKey) {
    out.write(
      `\nFirst run: a team key for team "${gateway.firstRunKey.teamName}" was created. It is shown this once; store it now:\n\n` +
        `  ${gateway.firstRunKey.plaintext}\n\n` +
        `Use it as "Authorization: Bearer <key>" with base URL ${gateway.url}/v1\n`,
    )
  }
  // Requests in flight (streams too) may finish, up to 10 s; then the gateway closes.
  const stop = async () => {
    await gateway.stop(10_000)
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return -1
}

main(process.argv.slice(2), process.env).then(
  (code) => {
    if (code >= 0) process.exit(code)
  },
  (e: unknown) => {
    if (e instanceof ConfigError || e instanceof DataDirLockedError || e instanceof SealedSecretsError || e instanceof AdminTokenError || e instanceof SharedSecretError) process.stderr.write(`${e.message}\n`)
    else if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') process.stderr.write(`Cannot listen: ${(e as Error).message}. Pick another --port.\n`)
    else process.stderr.write(`Gatehouse could not start: ${(e as Error).message}\n`)
    process.exit(1)
  },
)
