import { expect } from 'vitest'
import { ConfigError } from '../../src/gateway/config/config-error'
import { resolveConfig } from '../../src/gateway/config/load-config'

/** What the config loader says is wrong with `data`, one `path: message` line each; throws if it accepts it. */
export function configProblems(data: unknown, env: Record<string, string> = {}): string[] {
  try {
    resolveConfig(data, 'test.yaml', env)
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as ConfigError).issues.map((i) => `${i.path}: ${i.message}`)
  }
  throw new Error('the config was accepted')
}
