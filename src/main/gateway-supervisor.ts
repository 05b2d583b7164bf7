import getPort, { portNumbers } from 'get-port'
import { type FromGateway, type GatewayStartRequest, type StartFailure, type ToGateway } from './gateway-process/gateway-protocol'

/** The gateway's process as the supervisor sees it: an Electron utility process, or a Node child in tests. */
export interface GatewayChild {
  send(message: ToGateway): void
  onMessage(handler: (message: FromGateway) => void): void
  onExit(handler: (code: number | null) => void): void
  kill(): void
}

export type GatewayState =
  | { kind: 'starting' }
  | { kind: 'running'; url: string }
  | { kind: 'restarting'; attempt: number; delayMs: number; reason: string }
  | { kind: 'port-taken'; port: number; suggestedPort: number; message: string }
  | { kind: 'locked'; holderUrl: string | null; message: string }
  | { kind: 'failed'; reason: StartFailure; message: string }
  | { kind: 'stopping'; inFlight: number | null }
  | { kind: 'stopped'; drained: boolean }

export interface GatewayReady {
  url: string
  adminToken: string
  firstRunKey: { teamName: string; key: string } | null
}

export interface SupervisorOptions {
  launch: () => GatewayChild
  /** Asked before every start, so a port chosen after a conflict is used by the next one. */
  request: () => GatewayStartRequest
  onState: (state: GatewayState) => void
  onReady?: (ready: GatewayReady) => void
  /** Delay before restart number `attempt` (1, 2, ...). Default: 1 s doubling up to 30 s. */
  backoffMs?: (attempt: number) => number
  /** A gateway that ran this long resets the backoff. Default 60 s. */
  stableAfterMs?: number
  /** How long a stop lets requests in flight finish. Default 10 s. */
  drainMs?: number
  /** After the drain, how long a stop waits for the process to exit before killing it. Default 5 s. */
  exitGraceMs?: number
  now?: () => number
}

export const defaultBackoffMs = (attempt: number): number => Math.min(30_000, 1000 * 2 ** (attempt - 1))

/** A free port near the one that was taken, so the suggestion looks like the user's choice. */
export function suggestFreePort(taken: number): Promise<number> {
  const from = Math.min(Math.max(taken + 1, 1024), 65_000)
  return getPort({ port: portNumbers(from, from + 100), host: '127.0.0.1', exclude: [taken] })
}

/**
 * Keeps the gateway process running: starts it, restarts it with backoff when it dies, reports a port
 * conflict (with a free port to suggest) or a data dir owned by another instance instead of retrying
 * what cannot succeed, and on stop lets requests in flight finish before the process exits.
 */
export class GatewaySupervisor {
  private child: GatewayChild | undefined
  /** Deaths since the gateway last ran stably: the backoff grows with them. */
  private failures = 0
  private startedAt = 0
  private restartTimer: NodeJS.Timeout | undefined
  private stopping: Promise<void> | undefined
  private current: GatewayState = { kind: 'stopped', drained: true }
  private readonly now: () => number

  constructor(private readonly opts: SupervisorOptions) {
    this.now = opts.now ?? Date.now
  }

  get state(): GatewayState {
    return this.current
  }

  start(): void {
    if (this.child || this.stopping) return
    clearTimeout(this.restartTimer)
    this.restartTimer = undefined
    this.setState({ kind: 'starting' })
    const request = this.opts.request()
    const child = this.opts.launch()
    this.child = child
    let terminal: GatewayState | undefined
    let ready = false
    child.onMessage((message) => {
      if (message.type === 'ready') {
        ready = true
        this.startedAt = this.now()
        this.setState({ kind: 'running', url: message.url })
        this.opts.onReady?.({ url: message.url, adminToken: message.adminToken, firstRunKey: message.firstRunKey })
      } else if (message.type === 'start-failed') {
        if (message.reason === 'port-taken') terminal = { kind: 'port-taken', port: message.port ?? request.port ?? 0, suggestedPort: 0, message: message.message }
        else if (message.reason === 'locked') terminal = { kind: 'locked', holderUrl: message.holderUrl ?? null, message: message.message }
        else if (message.reason !== 'error') terminal = { kind: 'failed', reason: message.reason, message: message.message }
      } else if (message.type === 'draining') this.setState({ kind: 'stopping', inFlight: message.inFlight })
    })
    child.onExit((code) => {
      if (this.child !== child) return
      this.child = undefined
      if (this.stopping) return
      if (terminal) {
        this.failures = 0
        const failure = terminal
        if (failure.kind === 'port-taken') void suggestFreePort(failure.port).then((suggestedPort) => this.setState({ ...failure, suggestedPort }))
        else this.setState(failure)
        return
      }
      if (ready && this.now() - this.startedAt >= (this.opts.stableAfterMs ?? 60_000)) this.failures = 0
      this.failures++
      const delayMs = (this.opts.backoffMs ?? defaultBackoffMs)(this.failures)
      this.setState({ kind: 'restarting', attempt: this.failures, delayMs, reason: ready ? `the gateway exited (code ${code})` : `the gateway could not start (code ${code})` })
      this.restartTimer = setTimeout(() => this.start(), delayMs)
    })
    child.send({ type: 'start', request })
  }

  /** Starts again now, e.g. after the user picked another port; resets the backoff. */
  restart(): void {
    this.failures = 0
    if (this.child) {
      const old = this.child
      this.child = undefined
      old.send({ type: 'stop', drainMs: this.opts.drainMs ?? 10_000 })
      old.onExit(() => this.start())
    } else this.start()
  }

  /** Lets requests in flight finish (up to the drain time), then the gateway closes and its process exits. */
  stop(): Promise<void> {
    this.stopping ??= this.stopNow()
    return this.stopping
  }

  private async stopNow(): Promise<void> {
    clearTimeout(this.restartTimer)
    const child = this.child
    if (!child) {
      this.setState({ kind: 'stopped', drained: true })
      return
    }
    const drainMs = this.opts.drainMs ?? 10_000
    this.setState({ kind: 'stopping', inFlight: null })
    let drained = false
    const exited = new Promise<void>((resolve) => {
      child.onMessage((m) => {
        if (m.type === 'stopped') drained = m.drained
      })
      child.onExit(() => resolve())
    })
    child.send({ type: 'stop', drainMs })
    const killTimer = setTimeout(() => child.kill(), drainMs + (this.opts.exitGraceMs ?? 5000))
    await exited
    clearTimeout(killTimer)
    this.child = undefined
    this.setState({ kind: 'stopped', drained })
  }

  private setState(state: GatewayState): void {
    this.current = state
    this.opts.onState(state)
  }
}
