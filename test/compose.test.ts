import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

// Docker cannot run here: this checks compose.yaml's shape only (what `docker compose config` would reject or miss).
describe('compose.yaml: three gateways on one PostgreSQL behind a proxy', () => {
  const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as {
    services: Record<string, { build?: string; image?: string; environment?: Record<string, string>; volumes?: string[]; secrets?: string[]; depends_on?: unknown }>
    volumes: Record<string, unknown>
    secrets: Record<string, { file: string }>
  }

  it('has PostgreSQL, three gateway instances built from the Dockerfile and a proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['gateway-1', 'gateway-2', 'gateway-3', 'postgres', 'proxy'])
    expect(compose.services.postgres!.image).toMatch(/^postgres:/)
    expect(existsSync('Dockerfile')).toBe(true)
    expect(compose.services.proxy!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro')
    expect(readFileSync('deploy/Caddyfile', 'utf8')).toMatch(/reverse_proxy gateway-1:4310 gateway-2:4310 gateway-3:4310[\s\S]*health_uri \/health\/ready/)
  })

  it('gives every gateway the same store, blob volume and secrets, never a secret inline', () => {
    for (const name of ['gateway-1', 'gateway-2', 'gateway-3']) {
      const g = compose.services[name]!
      expect(g.build).toBe('.')
      expect(g.environment).toMatchObject({
        GATEHOUSE_DATABASE_URL: expect.stringMatching(/^postgres:\/\/.+@postgres:5432\//),
        GATEHOUSE_BLOB_DIR: '/srv/blobs',
        GATEHOUSE_ADMIN_TOKEN_FILE: '/run/secrets/admin_token',
        GATEHOUSE_SECRET_KEY_FILE: '/run/secrets/secret_key',
      })
      expect(g.environment).not.toHaveProperty('GATEHOUSE_ADMIN_TOKEN')
      expect(g.environment).not.toHaveProperty('GATEHOUSE_SECRET_KEY')
      expect(g.volumes).toContain('blobs:/srv/blobs')
      expect(g.secrets).toEqual(['admin_token', 'secret_key'])
    }
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['blobs', 'pgdata']))
    expect(compose.secrets).toEqual({ admin_token: { file: './secrets/admin-token' }, secret_key: { file: './secrets/secret.key' } })
  })
})
