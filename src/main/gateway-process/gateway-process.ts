/**
 * The gateway's own process. The desktop app's main process starts it as an Electron utility process
 * (so heavy work never freezes the window) and sends it a `start` message; it answers `ready` with its
 * URL, or `start-failed` with a reason the main process can act on (a port taken, a data dir owned by
 * a running `serve`). A `stop` lets requests in flight finish, then closes the gateway (batches keep
 * their progress, usage is flushed) and exits. It imports no Electron module: it also runs in plain
 * Node, which is how the tests start the built bundle.
 */
import { ConfigError } from '../../gateway/config/config-error'
import { defaultConfig, loadConfigFile } from '../../gateway/config/load-config'
import { DataDirLockedError } from '../../gateway/boot/data-dir-lock'
import { startGateway, type RunningGateway } from '../../gateway/boot/start-gateway'
import { createLogger } from '../../gateway/kernel/logging'
import { sweepArrayBuffersInPause } from '../../gateway/kernel/upload-memory'
import { SealedSecretsError } from '../../gateway/security/key-slots'
import { aesGcmCipher } from '../../gateway/security/secret-cipher'
import { type FromGateway, type GatewayStartRequest, type StartFailure, type ToGateway } from './gateway-protocol'

interface ParentChannel {
  send(message: FromGateway): void
  onMessage(handler: (message: ToGateway) => void): void
  onGone(handler: () => void): void
}

/** Electron's utility process talks over process.parentPort; a forked Node child over process.send. */
function parentChannel(): ParentChannel | undefined {
  const parentPort = (process as unknown as { parentPort?: { postMessage(m: unknown): void; on(e: 'message', h: (e: { data: unknown }) => void): void } }).parentPort
  if (parentPort) {
    return {
      send: (m) => parentPort.postMessage(m),
      onMessage: (h) => parentPort.on('message', (e) => h(e.data as ToGateway)),
      onGone: () => {}, // Electron ends a utility process with its parent
    }
  }
  if (process.send) {
    return {
      send: (m) => process.send?.(m),
      onMessage: (h) => process.on('message', (m) => h(m as ToGateway)),
      onGone: (h) => process.on('disconnect', h),
    }
  }
  return undefined
}

function classify(e: unknown): { reason: StartFailure; message: string; port?: number; holderUrl?: string | null } {
  const message = e instanceof Error ? e.message : String(e)
  // listen's error names the port it wanted
  if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') return { reason: 'port-taken', message, port: (e as { port?: number }).port }
  if (e instanceof DataDirLockedError) return { reason: 'locked', message, holderUrl: e.holder.url }
  if (e instanceof SealedSecretsError) return { reason: 'sealed', message }
  if (e instanceof ConfigError) return { reason: 'config', message }
  return { reason: 'error', message }
}

async function start(request: GatewayStartRequest): Promise<RunningGateway> {
  const env = process.env
  sweepArrayBuffersInPause(process.execArgv, env.NODE_OPTIONS)
  const config = request.configFile ? loadConfigFile(request.configFile, env) : defaultConfig()
  if (request.port !== null) config.server.port = request.port
  return startGateway({
    config,
    dataDir: request.dataDir,
    env,
    logger: createLogger({ level: request.logLevel ?? 'warn' }),
    adminToken: request.adminToken,
    cipher: request.secretKey ? aesGcmCipher(Buffer.from(request.secretKey, 'base64')) : undefined,
    nativeBinding: request.nativeBinding,
    lockOwner: request.lockOwner,
  })
}

function main(): void {
  const parent = parentChannel()
  if (!parent) {
    process.stderr.write('gateway-process: the desktop app starts this file as its gateway process (it needs a parent to talk to); run `npm run serve` for a headless gateway.\n')
    process.exit(2)
  }
  let gateway: RunningGateway | undefined
  let stopping = false

  const stop = async (drainMs: number) => {
    if (stopping) return
    stopping = true
    let drained = true
    if (gateway) {
      parent.send({ type: 'draining', inFlight: gateway.inFlight() })
      drained = await gateway.stop(drainMs)
    }
    parent.send({ type: 'stopped', drained })
    // let the message leave before the process does
    setTimeout(() => process.exit(0), 50)
  }

  parent.onMessage((message) => {
    if (message.type === 'stop') void stop(message.drainMs)
    else if (message.type === 'start' && !gateway && !stopping) {
      start(message.request).then(
        (running) => {
          gateway = running
          const first = running.firstRunKey
          parent.send({ type: 'ready', url: running.url, adminToken: running.adminToken, firstRunKey: first && { teamName: first.teamName, key: first.plaintext } })
        },
        (e: unknown) => {
          parent.send({ type: 'start-failed', ...classify(e) })
          setTimeout(() => process.exit(1), 50)
        },
      )
    }
  })
  parent.onGone(() => void stop(0))
}

main()
