import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { memoryKeychain } from '../../../test/support/memory-keychain'
import { startFakeOpenAi } from '../../../test/support/fake-openai'
import { TEAM_KEY } from '../../../test/support/harness'
import { useTempDirs } from '../../../test/support/temp-dirs'
import { startGateway } from '../../gateway/boot/start-gateway'
import { resolveConfig } from '../../gateway/config/load-config'
import { SealedSecretsError } from '../../gateway/security/key-slots'
import { aesGcmCipher } from '../../gateway/security/secret-cipher'
import { openDesktopSecrets, SecretsUnavailableError, setSecretStorage } from './desktop-secrets'


const tempDir = useTempDirs('gh-secrets-')
const files = (dir: string) => readdirSync(dir).sort()

describe('desktop secrets', () => {
  it('with a keychain: a fresh data dir gets both secrets sealed, 0600, nothing secret in plaintext, the same on reopen', () => {
    const dir = tempDir()
    const keychain = memoryKeychain()
    const first = openDesktopSecrets(dir, keychain)
    expect(first.storage).toBe('keychain')
    expect(files(dir)).toEqual(['admin-token.sealed', 'secret.key.sealed'])
    for (const f of files(dir)) {
      expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600)
      const bytes = readFileSync(join(dir, f))
      expect(bytes.includes(Buffer.from(first.adminToken))).toBe(false)
      expect(bytes.includes(first.secretKey)).toBe(false)
      expect(bytes.includes(Buffer.from(first.secretKey.toString('base64')))).toBe(false)
    }
    expect(openDesktopSecrets(dir, keychain)).toEqual(first)
  })

  it('without a keychain: the 0600 files headless serve uses', () => {
    const dir = tempDir()
    const secrets = openDesktopSecrets(dir, undefined)
    expect(secrets.storage).toBe('files')
    expect(files(dir)).toEqual(['admin-token', 'secret.key'])
    expect(readFileSync(join(dir, 'admin-token'), 'utf8')).toBe(secrets.adminToken)
    expect(readFileSync(join(dir, 'secret.key'))).toEqual(secrets.secretKey)
  })

  it('keeps the files of a data dir serve made, so serve keeps working on it', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'admin-token'), 'token-written-by-serve-0123456789')
    const secrets = openDesktopSecrets(dir, memoryKeychain())
    expect(secrets).toMatchObject({ storage: 'files', adminToken: 'token-written-by-serve-0123456789' })
    expect(files(dir)).toEqual(['admin-token', 'secret.key'])
  })

  it('says plainly when the keychain is gone or no longer opens the sealed secrets, and refuses a cut-short secret', () => {
    const dir = tempDir()
    openDesktopSecrets(dir, memoryKeychain())
    expect(() => openDesktopSecrets(dir, undefined)).toThrow(/sealed with the OS keychain, which is not available now/)
    expect(() => openDesktopSecrets(dir, memoryKeychain())).toThrow(SecretsUnavailableError)
    expect(() => openDesktopSecrets(dir, memoryKeychain())).toThrow(/cannot unseal .*admin-token\.sealed/)
    const other = tempDir()
    writeFileSync(join(other, 'admin-token'), '')
    expect(() => openDesktopSecrets(other, undefined)).toThrow(/admin-token does not hold a valid secret/)
  })

  it('takes a keychain that unseals the token to random bytes without an error (a lost key, CBC padding passing) for a failed unseal', () => {
    const dir = tempDir()
    const keychain = memoryKeychain()
    openDesktopSecrets(dir, keychain)
    const garbled = { seal: keychain.seal, unseal: (sealed: Buffer) => (sealed.length ? '\u00e9\u0001\u00ff random bytes \u0007 of a wrong key' : '') }
    expect(() => openDesktopSecrets(dir, garbled)).toThrow(/cannot unseal .*admin-token\.sealed .*not a Gatehouse token/)
  })

  it('shares with serve and back: headless serve refuses the sealed dir, then reads the same token and provider key', async () => {
    const dir = join(tempDir(), 'data')
    const keychain = memoryKeychain()
    const upstream = await startFakeOpenAi()
    const config = resolveConfig(
      { credits: 100, providers: [{ id: 'up', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-upstream-from-config' }], models: [{ name: 'm', provider: 'up', upstream: 'gpt' }], teams: [{ name: 't', keys: [TEAM_KEY] }], server: { port: 0 } },
      'test',
      {},
    )
    try {
      const { mkdirSync } = await import('node:fs')
      mkdirSync(dir, { recursive: true })
      const sealed = openDesktopSecrets(dir, keychain)
      const desktop = await startGateway({ config, dataDir: dir, env: {}, adminToken: sealed.adminToken, cipher: aesGcmCipher(sealed.secretKey), lockOwner: 'desktop' })
      const created = await fetch(`${desktop.url}/admin/providers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sealed.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'up2', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-saved-in-the-desktop-app' }),
      })
      expect(created.status).toBe(201)
      await desktop.close()

      await expect(startGateway({ config, dataDir: dir, env: {} })).rejects.toThrow(SealedSecretsError)

      expect(setSecretStorage(dir, keychain, 'files')).toMatchObject({ storage: 'files', adminToken: sealed.adminToken })
      const headless = await startGateway({ config, dataDir: dir, env: {} })
      try {
        expect(headless.adminToken).toBe(sealed.adminToken)
        const model = await fetch(`${headless.url}/admin/models`, {
          method: 'POST',
          headers: { authorization: `Bearer ${headless.adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'm2', provider: 'up2', upstream: 'gpt' }),
        })
        expect(model.status).toBe(201)
        const chat = await fetch(`${headless.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'm2', messages: [{ role: 'user', content: 'hi' }] }),
        })
        expect(chat.status).toBe(200)
        expect(upstream.requests.at(-1)!.headers.authorization).toBe('Bearer sk-saved-in-the-desktop-app')
      } finally {
        await headless.close()
      }

      expect(setSecretStorage(dir, keychain, 'keychain').storage).toBe('keychain')
      expect(existsSync(join(dir, 'admin-token'))).toBe(false)
      expect(existsSync(join(dir, 'secret.key'))).toBe(false)
      expect(openDesktopSecrets(dir, keychain).adminToken).toBe(sealed.adminToken)
    } finally {
      await upstream.close()
    }
  })
})
