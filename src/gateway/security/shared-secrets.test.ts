import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../../test/support/temp-dirs'
import { storeLocation } from '../config/store-location'
import { aesGcmCipher } from './secret-cipher'
import { resolveSharedSecrets } from './shared-secrets'

const tempDir = useTempDirs('gh-shared-secrets-')

describe('shared secrets (several gateways on one store)', () => {
  it('reads the admin token and the sealing key from files, so every instance opens what another sealed', () => {
    const dir = tempDir()
    const key = randomBytes(32)
    writeFileSync(join(dir, 'admin-token'), 'a-long-shared-admin-token-0123456789\n')
    writeFileSync(join(dir, 'secret.key'), `${key.toString('base64')}\n`)
    const secrets = resolveSharedSecrets({ adminTokenFile: join(dir, 'admin-token'), secretKeyFile: join(dir, 'secret.key') }, { required: true })
    expect(secrets.adminToken).toBe('a-long-shared-admin-token-0123456789')
    expect(secrets.adminTokenFile).toBe(join(dir, 'admin-token'))
    const sealedElsewhere = aesGcmCipher(key).encrypt('sk-provider-key')
    expect(secrets.cipher!.decrypt(sealedElsewhere)).toBe('sk-provider-key')
  })

  it('takes them from env too (GATEHOUSE_ADMIN_TOKEN, GATEHOUSE_SECRET_KEY as hex)', () => {
    const key = randomBytes(32)
    const secrets = resolveSharedSecrets({ adminToken: 'env-admin-token-0123456789abcdef', secretKey: key.toString('hex') }, { required: true })
    expect(secrets.adminToken).toBe('env-admin-token-0123456789abcdef')
    expect(secrets.cipher!.decrypt(aesGcmCipher(key).encrypt('x'))).toBe('x')
  })

  it('refuses a PostgreSQL start without them, naming the flag, and never generates one per instance', () => {
    expect(() => resolveSharedSecrets({}, { required: true })).toThrow(/give --admin-token-file FILE \(or GATEHOUSE_ADMIN_TOKEN_FILE, or GATEHOUSE_ADMIN_TOKEN\)/)
    expect(() => resolveSharedSecrets({ adminToken: 'env-admin-token-0123456789abcdef' }, { required: true })).toThrow(/give --secret-key-file FILE \(or GATEHOUSE_SECRET_KEY_FILE, or GATEHOUSE_SECRET_KEY/)
    expect(resolveSharedSecrets({}, { required: false })).toEqual({})
  })

  it('says which setting holds a bad secret without ever repeating the secret', () => {
    const secret = 'not-a-key-but-a-secret-phrase'
    let message = ''
    try {
      resolveSharedSecrets({ adminToken: 'env-admin-token-0123456789abcdef', secretKey: secret }, { required: true })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatch(/^GATEHOUSE_SECRET_KEY must hold a 32-byte key as base64 or hex \(make one with: openssl rand -base64 32\)/)
    expect(message).not.toContain(secret)
    expect(() => resolveSharedSecrets({ adminToken: 'short' }, { required: false })).toThrow(/GATEHOUSE_ADMIN_TOKEN must be at least 16 characters long/)
  })

  it('shows a PostgreSQL store as host, port, database and user, never its password', () => {
    const where = storeLocation({ url: 'postgres://gate:s3cr3t-pw@db.internal:6543/gatehouse?sslmode=require', sqliteFile: '/x/gatehouse.db' })
    expect(where).toEqual({ engine: 'postgres', host: 'db.internal', port: 6543, database: 'gatehouse', user: 'gate' })
    expect(JSON.stringify(where)).not.toContain('s3cr3t')
    expect(storeLocation({ sqliteFile: '/x/gatehouse.db' })).toEqual({ engine: 'sqlite', path: '/x/gatehouse.db' })
  })
})
