import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { OAUTH_SCOPES } from '../../../shared/admin-wire'
import { isGatewayError } from '../../../shared/errors'
import type { OAuth, TokenRequest } from '../../services/auth/oauth'
import { OAuthError } from '../../services/auth/oauth-errors'

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

/** Form fields, each at most once (RFC 6749 3.2: a parameter sent twice is an invalid request). */
function parseForm(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(out, name)) throw new OAuthError('invalid_request', `The parameter ${name} is sent more than once.`)
    out[name] = value
  }
  return out
}

/** `Authorization: Basic base64(urlencoded id ":" urlencoded secret)` (RFC 6749 2.3.1), or null without one. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')
  if (!m) return null
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) throw new OAuthError('invalid_client', 'HTTP Basic credentials must be client_id:client_secret.')
  const formDecode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '))
    } catch {
      throw new OAuthError('invalid_client', 'HTTP Basic credentials are not valid form-encoding.')
    }
  }
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) }
}

function tokenRequest(req: FastifyRequest): TokenRequest {
  const body = req.body ?? {}
  if (typeof body !== 'object' || Array.isArray(body)) throw new OAuthError('invalid_request', 'Send the parameters as a form (application/x-www-form-urlencoded) or a JSON object.')
  const field = (name: string) => {
    const v = (body as Record<string, unknown>)[name]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'string') throw new OAuthError('invalid_request', `${name} must be a string.`)
    return v
  }
  const basic = basicCredentials(req.headers.authorization)
  const bodyId = field('client_id')
  const bodySecret = field('client_secret')
  if (basic && (bodyId !== undefined || bodySecret !== undefined)) {
    // RFC 6749 2.3: a client uses one authentication method per request.
    throw new OAuthError('invalid_request', 'Send the client credentials either with HTTP Basic or in the body, not both.')
  }
  return { grantType: field('grant_type'), clientId: basic?.id ?? bodyId, clientSecret: basic?.secret ?? bodySecret, scope: field('scope') }
}

/** RFC 6749 5.2 error bodies for everything this scope answers, its parser's and Fastify's errors too. */
function oauthErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const e = err instanceof OAuthError ? err : new OAuthError('invalid_request', isGatewayError(err) || (err.statusCode ?? 500) < 500 ? err.message : 'The request could not be read.')
  if (!(err instanceof OAuthError) && (err.statusCode ?? 500) >= 500 && !isGatewayError(err)) req.log.error({ err }, 'token request failed')
  if (e.status === 401) reply.header('www-authenticate', 'Basic realm="Gatehouse", charset="UTF-8"')
  void reply.code(e.status).headers(NO_STORE).send({ error: e.error, error_description: e.message })
}

/**
 * OAuth 2.0 client credentials (spec 5): `POST /oauth/token` takes the grant as a form or JSON, the
 * client's id and secret in the body or with HTTP Basic, and answers a bearer token for `/v1`;
 * `/.well-known/oauth-authorization-server` describes it (RFC 8414).
 */
export async function oauthRoutes(app: FastifyInstance, opts: { oauth: OAuth }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseForm(String(body)))
    } catch (e) {
      done(e as Error, undefined)
    }
  })
  app.setErrorHandler(oauthErrorHandler)

  app.post('/oauth/token', async (req, reply) => reply.headers(NO_STORE).send(opts.oauth.issueToken(tokenRequest(req))))

  app.get('/.well-known/oauth-authorization-server', async (req) => {
    const issuer = `${req.protocol}://${req.headers.host ?? req.hostname}`
    return {
      issuer,
      token_endpoint: `${issuer}/oauth/token`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: OAUTH_SCOPES,
      response_types_supported: [],
    }
  })
}
