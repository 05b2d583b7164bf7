/** The gateway's version, reported by /health and the admin status. */
export const GATEWAY_VERSION = '0.1.0'
