import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { e2eConfig } from '../fixtures/headless-gateway'
import { startFakeUpstream } from '../fixtures/fake-upstream'
import { PlaygroundPage } from '../pages/playground-page'
import { buildOnce, electronSkipReason, freshDataDir, launchApp, removeDataDirs } from './electron-app'

/**
 * The installed desktop app, launched from the build with a fresh data dir. Where Electron's binary
 * (or a display) is missing, every spec here is reported as skipped with that reason.
 */
const skipReason = electronSkipReason()
test.skip(skipReason !== null, skipReason ?? '')
test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.beforeAll(() => buildOnce())
test.afterAll(() => removeDataDirs())

interface DesktopWindow {
  gatehouse: Record<string, unknown>
  location: { href: string }
}

test('opens on its own gateway, owns the data dir, exposes only the named API, and frees the dir on quit', async () => {
  const { dir, port } = await freshDataDir()
  const app = await launchApp(dir)
  const window = await app.firstWindow()
  await expect.poll(() => window.url(), { timeout: 60_000 }).toBe(`http://127.0.0.1:${port}/`)
  await expect(window).toHaveTitle('Gatehouse')
  await expect(window.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 })
  expect(await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))).toBe(dir)

  const lock = JSON.parse(readFileSync(join(dir, 'gatehouse.lock'), 'utf8')) as { owner: string; url: string }
  expect(lock).toMatchObject({ owner: 'desktop', url: `http://127.0.0.1:${port}` })
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200)

  const api = await window.evaluate(() => Object.keys((globalThis as unknown as DesktopWindow).gatehouse).sort())
  expect(api).toEqual(['appVersion', 'dictationFailed', 'dictationFinished', 'dictationSettings', 'gatewayInfo', 'gatewaySettings', 'onDictationCommand', 'openExternal', 'openFileDialog', 'revealInFolder', 'saveFileDialog', 'setDictationSettings', 'setGatewayPort', 'systemAudioSupport', 'takeFirstRunKey'])
  expect(await window.evaluate(() => typeof (globalThis as unknown as { require?: unknown; process?: unknown }).require)).toBe('undefined')

  // the window never leaves the gateway: a foreign link goes to the system browser instead
  await window.evaluate(() => {
    ;(globalThis as unknown as DesktopWindow).location.href = 'file:///etc/passwd'
  })
  await window.waitForTimeout(500)
  expect(window.url()).toBe(`http://127.0.0.1:${port}/`)

  await app.close()
  expect(existsSync(join(dir, 'gatehouse.lock'))).toBe(false)
})

test('a second launch on the same data dir leaves, and the first window stays', async () => {
  const { dir, port } = await freshDataDir()
  const first = await launchApp(dir)
  const window = await first.firstWindow()
  await expect.poll(() => window.url(), { timeout: 60_000 }).toBe(`http://127.0.0.1:${port}/`)
  const second = await launchApp(dir)
  await expect.poll(() => second.process().exitCode, { timeout: 30_000 }).toBe(0)
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200)
  await first.close()
})

test('chats from the playground through its own gateway, with the config in the data dir', async () => {
  const upstream = await startFakeUpstream()
  const { dir, port } = await freshDataDir()
  writeFileSync(join(dir, 'gatehouse.yaml'), JSON.stringify(e2eConfig(upstream.url)))
  const app = await launchApp(dir)
  try {
    const window = await app.firstWindow()
    await expect.poll(() => window.url(), { timeout: 60_000 }).toBe(`http://127.0.0.1:${port}/`)
    const playground = new PlaygroundPage(window)
    await playground.pickModel('gpt-echo')
    await playground.send('Hello from the desktop window')
    expect(await playground.waitForAnswer()).toBe('echo-large heard you say: Hello from the desktop window')
    for (const name of ['Keys', 'Models', 'Usage', 'Settings'] as const) await playground.goTo(name)
  } finally {
    await app.close()
    await upstream.close()
  }
})
