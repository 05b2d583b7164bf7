/** Cookie-authenticated admin calls must carry this header: a page on another origin cannot send it without a CORS preflight the gateway never grants. */
export const WEB_CLIENT_HEADER = 'x-gatehouse-web'

/** The browser session cookie of web mode (HttpOnly: the renderer never reads it). */
export const SESSION_COOKIE = 'gatehouse_session'
