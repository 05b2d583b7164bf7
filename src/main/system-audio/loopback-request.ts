import type { SystemAudioSupport } from '../../shared/mix-tracks'

/** The parts of Electron's display-media request and answer this uses (no electron import: tested without it). */
export interface DisplayMediaRequest {
  securityOrigin: string
  audioRequested: boolean
  videoRequested: boolean
}
export interface ScreenSource {
  id: string
  name: string
}
export type DisplayMediaAnswer = { video: ScreenSource; audio: 'loopback' } | Record<string, never>

/**
 * Answers the page's `getDisplayMedia({ audio: true, video: true })` with the system's output (Electron's
 * loopback) and the first screen: Chromium gives loopback audio only beside a video track, which the
 * page stops at once. Only the gateway's own page gets it, only where the OS has loopback, and nothing
 * is shown to pick: the recorder's "Include system audio" option is the consent.
 */
export function systemAudioRequestHandler(deps: { gatewayOrigin(): string | null; support: SystemAudioSupport; screens(): Promise<ScreenSource[]> }) {
  return (request: DisplayMediaRequest, callback: (answer: DisplayMediaAnswer) => void): void => {
    const origin = deps.gatewayOrigin()
    if (deps.support.kind !== 'loopback' || !origin || request.securityOrigin.replace(/\/$/, '') !== origin || !request.audioRequested) return callback({})
    deps.screens().then(
      (screens) => callback(screens[0] ? { video: screens[0], audio: 'loopback' } : {}),
      () => callback({}),
    )
  }
}
