import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, isExternalLink, isTrustedSender, navigationDecision, permissionAllowed } from './web-security'

const GATEWAY = 'http://127.0.0.1:4310'

describe('navigation guard', () => {
  it('keeps the window on the gateway and sends other web links to the system browser', () => {
    expect(navigationDecision(`${GATEWAY}/`, GATEWAY)).toBe('allow')
    expect(navigationDecision(`${GATEWAY}/?token=x#keys`, GATEWAY)).toBe('allow')
    expect(navigationDecision('https://platform.openai.com/docs', GATEWAY)).toBe('open-external')
    expect(navigationDecision('mailto:someone@example.com', GATEWAY)).toBe('open-external')
  })

  it('treats another port, host or scheme on loopback as foreign', () => {
    expect(navigationDecision('http://127.0.0.1:4311/', GATEWAY)).toBe('open-external')
    expect(navigationDecision('http://localhost:4310/', GATEWAY)).toBe('open-external')
    expect(navigationDecision('https://127.0.0.1:4310/', GATEWAY)).toBe('open-external')
  })

  it('blocks what no browser should be handed: file:, javascript:, data:, custom schemes, garbage', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<script>1</script>', 'vscode://x', 'not a url', 'chrome://settings']) {
      expect(navigationDecision(url, GATEWAY), url).toBe('block')
      expect(isExternalLink(url), url).toBe(false)
    }
  })

  it('allows nothing in the window while the gateway has no URL yet', () => {
    expect(navigationDecision(`${GATEWAY}/`, null)).toBe('open-external')
  })

  it('answers IPC only for the gateway page', () => {
    expect(isTrustedSender(`${GATEWAY}/#/keys`, GATEWAY)).toBe(true)
    expect(isTrustedSender('https://evil.example/', GATEWAY)).toBe(false)
    expect(isTrustedSender(undefined, GATEWAY)).toBe(false)
    expect(isTrustedSender(`${GATEWAY}/`, null)).toBe(false)
  })
})

describe('permissions', () => {
  it('grants the microphone to the gateway origin only, never the camera or the screen', () => {
    expect(permissionAllowed('media', `${GATEWAY}/`, GATEWAY, ['audio'])).toBe(true)
    expect(permissionAllowed('media', 'https://evil.example/', GATEWAY, ['audio'])).toBe(false)
    expect(permissionAllowed('media', `${GATEWAY}/`, GATEWAY, ['audio', 'video'])).toBe(false)
    expect(permissionAllowed('media', `${GATEWAY}/`, GATEWAY, [])).toBe(false)
    expect(permissionAllowed('clipboard-sanitized-write', `${GATEWAY}/`, GATEWAY)).toBe(true)
    for (const p of ['geolocation', 'notifications', 'display-capture', 'openExternal', 'hid', 'serial', 'usb']) {
      expect(permissionAllowed(p, `${GATEWAY}/`, GATEWAY), p).toBe(false)
    }
  })
})

describe('content security policy', () => {
  it('allows no inline script, eval, plugins or framing', () => {
    const csp = contentSecurityPolicy()
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
  })
})
