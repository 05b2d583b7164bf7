import { fork } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FromGateway } from '../../src/main/gateway-process/gateway-protocol'
import type { GatewayChild } from '../../src/main/gateway-supervisor'
import { TEAM_KEY } from './harness'

export const GATEWAY_PROCESS_SOURCE = 'src/main/gateway-process/gateway-process.ts'

/**
 * Starts the gateway process the way Electron's utilityProcess does, as a plain Node child: the same
 * entry (from source under tsx, or the built bundle), the same messages.
 */
export function nodeGatewayLauncher(entry: string) {
  const pids: number[] = []
  const launch = (): GatewayChild => {
    const child = fork(entry, [], { execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' })
    pids.push(child.pid!)
    return {
      send: (m) => void (child.connected && child.send(m)),
      onMessage: (h) => void child.on('message', (m) => h(m as FromGateway)),
      onExit: (h) => void child.once('exit', (code) => h(code)),
      kill: () => void child.kill('SIGKILL'),
    }
  }
  return { launch, pids }
}

/** A config file in `dir` with one upstream model on `upstreamUrl`, the offline engines and team alpha's key. */
export function gatewayConfigFile(dir: string, upstreamUrl: string, extraModels: object[] = []): string {
  const file = join(dir, 'gatehouse.json')
  const config = {
    credits: 1000,
    providers: [
      { id: 'up-openai', type: 'openai', base_url: `${upstreamUrl}/v1`, api_key: 'sk-upstream-secret-openai' },
      { id: 'local', type: 'local' },
    ],
    models: [{ name: 'gpt-echo', provider: 'up-openai', upstream: 'gpt-4o-mini' }, { name: 'voice', provider: 'local', engine: 'tts' }, ...extraModels],
    teams: [{ name: 'alpha', keys: [TEAM_KEY] }],
  }
  writeFileSync(file, JSON.stringify(config))
  return file
}
