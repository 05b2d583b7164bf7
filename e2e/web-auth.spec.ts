import { expect, test } from '@playwright/test'
import { gatewayPerFile } from './fixtures/file-gateway'
import { SCREENSHOTS } from './fixtures/test'
import type { BrowserGlobals } from './support/browser-types'

// One gateway for both tests: each signs in from its own browser context, and the first ends only its own session.
const env = gatewayPerFile()

test('without the login URL nothing of the admin API is reachable; the login URL sets an HttpOnly SameSite=Strict cookie and leaves the address bar clean', async ({ page, context }) => {
  await page.goto(env.gateway.url)
  await expect(page.getByRole('heading', { name: 'Sign in to this gateway' })).toBeVisible()
  const denied = await page.evaluate(async () => (await fetch('/admin/status', { headers: { 'x-gatehouse-web': '1' } })).status)
  expect(denied).toBe(401)
  await page.screenshot({ path: `${SCREENSHOTS}/web-login-screen.png` })

  expect(env.gateway.loginUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/)
  await page.goto(env.gateway.loginUrl)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  expect(page.url()).not.toContain('token')
  const [cookie] = await context.cookies()
  expect(cookie).toMatchObject({ name: 'gatehouse_session', httpOnly: true, sameSite: 'Strict', path: '/' })
  expect(cookie!.value).not.toContain(new URL(env.gateway.loginUrl).searchParams.get('token')!)
  expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.cookie)).toBe('')
  const allowed = await page.evaluate(async () => (await fetch('/admin/status', { headers: { 'x-gatehouse-web': '1' } })).status)
  expect(allowed).toBe(200)

  // Signing out ends the session on the gateway: the cookie, replayed, no longer opens anything.
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('list', { name: 'Browser sessions' })).toContainText('(this browser)')
  await page.getByRole('button', { name: 'Sign out of this browser' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to this gateway' })).toBeVisible()
  expect(await context.cookies()).toEqual([])
  const replayed = await fetch(`${env.gateway.url}/admin/status`, { headers: { cookie: `gatehouse_session=${cookie!.value}`, 'x-gatehouse-web': '1' } })
  expect(replayed.status).toBe(401)
})

test('the admin token pasted into the sign-in form works too; a wrong one is refused', async ({ page }) => {
  await page.goto(env.gateway.url)
  const field = page.getByLabel('Or paste the admin token')
  await field.fill('not-the-token')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(field).toHaveAccessibleDescription('That is not this gateway\'s admin token.')
  await field.fill(new URL(env.gateway.loginUrl).searchParams.get('token')!)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
})
