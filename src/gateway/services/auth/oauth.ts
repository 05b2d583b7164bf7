import { randomBytes } from 'node:crypto'
import { OAUTH_SCOPES, type IssuedOAuthClient, type NewOAuthClientInput, type OAuthClientInfo, type OAuthScope } from '../../../shared/admin-wire'
import { badRequest, forbidden, GatewayError, notFound } from '../../../shared/errors'
import type { Clock } from '../../kernel/runtime'
import { constantTimeEqual, randomSecret, secretHash } from '../../security/credentials'
import type { OAuthClientRow } from '../../store/repos/oauth-repo'
import type { Store } from '../../store/store'
import { seconds } from '../admin/admin-rules'
import { secretHint } from '../keys/key-material'
import { resolveOwner } from '../keys/key-service'
import { OAuthError } from './oauth-errors'
import type { Principal } from './principal'
import { lastUseWriter } from './touch-due'
import { isoTime } from '../../kernel/iso-time'

export const TOKEN_PREFIX = 'gth-oat-'
const CLIENT_PREFIX = 'gth-client-'
const SECRET_PREFIX = 'gth-cs-'
export const DEFAULT_TOKEN_TTL_SECONDS = 3600
export const MIN_TOKEN_TTL_SECONDS = 60
export const MAX_TOKEN_TTL_SECONDS = 86_400

/** What a client presents at the token endpoint (from the body or HTTP Basic). */
export interface TokenRequest {
  grantType: string | undefined
  clientId: string | undefined
  clientSecret: string | undefined
  scope: string | undefined
}

export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  scope: string
}

/**
 * OAuth 2.0 client credentials (RFC 6749 4.4): clients of a team or a user, kept as SHA-256 hashes of
 * their secrets; each exchanges its id and secret for a short-lived bearer token that acts as the
 * client's key, limited to the scopes asked for. Rotating a secret or revoking a client ends every
 * token it had.
 */
export function createOAuth({ store, clock }: { store: Store; clock: Clock }) {
  const touch = lastUseWriter()
  const clientJson = (c: OAuthClientRow): OAuthClientInfo => ({
    client_id: c.id,
    kind: c.kind,
    team_id: c.teamId,
    user_id: c.userId,
    name: c.name,
    scopes: c.scopes as OAuthScope[],
    token_ttl_seconds: c.tokenTtlSeconds,
    secret_hint: c.secretHint,
    status: c.revokedAt === null ? 'active' : 'revoked',
    created_at: seconds(c.createdAt),
    secret_rotated_at: seconds(c.secretRotatedAt),
    revoked_at: seconds(c.revokedAt),
    last_used_at: seconds(c.lastUsedAt),
  })
  const newSecret = () => {
    const secret = SECRET_PREFIX + randomSecret()
    return { secret, hash: secretHash(secret), hint: secretHint(SECRET_PREFIX, secret) }
  }
  const requireClient = (id: string) => {
    const client = store.oauth.getClient(id)
    if (!client) throw notFound(`No OAuth client with id "${id}".`, 'oauth_client_not_found', 'client_id')
    return client
  }

  return {
    list: (): OAuthClientInfo[] => store.oauth.listClients().map(clientJson),

    create(input: NewOAuthClientInput): IssuedOAuthClient {
      const owner = resolveOwner(store, { teamId: input.team_id, userId: input.user_id }, 'OAuth client')
      const scopes = input.scopes?.length ? [...new Set(input.scopes)] : [...OAUTH_SCOPES]
      const ttl = input.token_ttl_seconds ?? DEFAULT_TOKEN_TTL_SECONDS
      const { secret, hash, hint } = newSecret()
      const row = store.oauth.insertClient({ id: CLIENT_PREFIX + randomBytes(12).toString('base64url'), ...owner, name: input.name ?? null, secretHash: hash, secretHint: hint, scopes, tokenTtlSeconds: ttl, createdAt: clock.now() })
      return { ...clientJson(row), client_secret: secret }
    },

    /** A new secret; the old one and every token issued with it stop working at once. */
    rotate(id: string): IssuedOAuthClient {
      const client = requireClient(id)
      if (client.revokedAt !== null) throw badRequest('This OAuth client is revoked; create a new one.', 'client_id', 'oauth_client_revoked')
      const { secret, hash, hint } = newSecret()
      store.oauth.rotateSecret(id, hash, hint, clock.now())
      return { ...clientJson(requireClient(id)), client_secret: secret }
    },

    revoke(id: string): OAuthClientInfo {
      requireClient(id)
      store.oauth.revokeClient(id, clock.now())
      return clientJson(requireClient(id))
    },

    /** `POST /oauth/token` with `grant_type=client_credentials`. */
    issueToken(req: TokenRequest): TokenResponse {
      if (!req.grantType) throw new OAuthError('invalid_request', 'grant_type is required; this server supports "client_credentials".')
      if (req.grantType !== 'client_credentials') throw new OAuthError('unsupported_grant_type', `grant_type "${req.grantType}" is not supported; this server supports "client_credentials".`)
      if (!req.clientId || !req.clientSecret) throw new OAuthError('invalid_client', 'Send client_id and client_secret, in the body or with HTTP Basic authentication.')
      const client = store.oauth.getClient(req.clientId)
      // The same answer for an unknown client and a wrong secret: which ids exist is not told.
      if (!client || !constantTimeEqual(secretHash(req.clientSecret), client.secretHash)) throw new OAuthError('invalid_client', 'Unknown client, or a wrong client secret.')
      if (client.revokedAt !== null) throw new OAuthError('invalid_client', 'This client was revoked.')
      let scopes = client.scopes
      if (req.scope !== undefined && req.scope.trim() !== '') {
        const asked = [...new Set(req.scope.trim().split(/\s+/))]
        const refused = asked.filter((s) => !client.scopes.includes(s))
        if (refused.length) throw new OAuthError('invalid_scope', `This client may not ask for ${refused.map((s) => JSON.stringify(s)).join(', ')}; its scopes are ${client.scopes.join(' ')}.`)
        scopes = asked
      }
      const now = clock.now()
      const token = TOKEN_PREFIX + randomSecret()
      store.transaction(() => {
        store.oauth.deleteExpiredTokens(now)
        store.oauth.insertToken({ hash: secretHash(token), clientId: client.id, scopes, issuedAt: now, expiresAt: now + client.tokenTtlSeconds * 1000 })
      })
      return { access_token: token, token_type: 'Bearer', expires_in: client.tokenTtlSeconds, scope: scopes.join(' ') }
    },

    /** A token presented to `/v1`, as its client's key; `scope` is what the endpoint needs. */
    authenticateToken(token: string, scope: string | undefined): Principal {
      const invalid = (message: string, code: string) =>
        new GatewayError({ status: 401, type: 'authentication_error', code, message, headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"` } })
      const row = store.oauth.getToken(secretHash(token))
      if (!row) throw invalid('This access token is not known here. Get a new one from POST /oauth/token.', 'invalid_token')
      const now = clock.now()
      if (row.expiresAt <= now) throw invalid(`This access token expired on ${isoTime(row.expiresAt)}. Get a new one from POST /oauth/token.`, 'expired_token')
      const client = store.oauth.getClient(row.clientId)
      if (!client || client.revokedAt !== null || row.issuedAt < client.secretRotatedAt) throw invalid('The OAuth client of this token was revoked or its secret rotated. Get a new token.', 'invalid_token')
      if (scope && !row.scopes.includes(scope)) {
        throw forbidden(`This access token's scopes (${row.scopes.join(' ')}) do not include "${scope}", which this endpoint needs. Ask for it in the token request's scope.`, 'insufficient_scope')
      }
      const team = store.teams.get(client.teamId)
      if (!team) throw invalid('The team of this OAuth client no longer exists.', 'invalid_token')
      touch(client.lastUsedAt, now, () => store.oauth.touchClient(client.id, now))
      return { keyId: client.id, kind: client.kind, userId: client.userId, team, deprecation: null, scopes: row.scopes as OAuthScope[] }
    },
  }
}

export type OAuth = ReturnType<typeof createOAuth>
