/** RFC 6749 section 5.2 error codes of the token endpoint. */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope'

/** An error of the token endpoint, answered as `{error, error_description}` (RFC 6749 5.2), never in the OpenAI shape. */
export class OAuthError extends Error {
  readonly status: number
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
  ) {
    super(description)
    this.name = 'OAuthError'
    // 401 for a client that could not be authenticated (with WWW-Authenticate), 400 for the rest.
    this.status = error === 'invalid_client' ? 401 : 400
  }
}
