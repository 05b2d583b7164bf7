import { describe, expect, it } from 'vitest'
import { type DisplayMediaAnswer, systemAudioRequestHandler } from './loopback-request'

const ORIGIN = 'http://127.0.0.1:4310'
const screen = { id: 'screen:0:0', name: 'Entire screen' }

function answer(handler: ReturnType<typeof systemAudioRequestHandler>, request: Partial<Parameters<typeof handler>[0]>): Promise<DisplayMediaAnswer> {
  return new Promise((resolve) => handler({ securityOrigin: ORIGIN, audioRequested: true, videoRequested: true, ...request }, resolve))
}

describe('system audio through display media (Windows, macOS 13+)', () => {
  it('gives the gateway page the loopback audio beside the first screen', async () => {
    const handler = systemAudioRequestHandler({ gatewayOrigin: () => ORIGIN, support: { kind: 'loopback' }, screens: async () => [screen, { id: 'screen:1:0', name: 'Second' }] })
    expect(await answer(handler, {})).toEqual({ video: screen, audio: 'loopback' })
    expect(await answer(handler, { securityOrigin: `${ORIGIN}/` })).toEqual({ video: screen, audio: 'loopback' })
  })

  it('refuses another origin, a request without audio, and a machine without loopback', async () => {
    const loopback = systemAudioRequestHandler({ gatewayOrigin: () => ORIGIN, support: { kind: 'loopback' }, screens: async () => [screen] })
    expect(await answer(loopback, { securityOrigin: 'https://evil.example' })).toEqual({})
    expect(await answer(loopback, { audioRequested: false })).toEqual({})
    const linux = systemAudioRequestHandler({ gatewayOrigin: () => ORIGIN, support: { kind: 'monitor-source' }, screens: async () => [screen] })
    expect(await answer(linux, {})).toEqual({})
    const noScreens = systemAudioRequestHandler({ gatewayOrigin: () => ORIGIN, support: { kind: 'loopback' }, screens: async () => { throw new Error('screen recording is not allowed') } })
    expect(await answer(noScreens, {})).toEqual({})
  })
})
