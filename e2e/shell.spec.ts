import { expect, test } from './fixtures/test'

test('the status pill turns red as soon as the gateway stops answering; the favicon is served', async ({ playground: _signedIn, page, gateway, snap }) => {
  const icon = await page.request.get(`${gateway.url}/favicon.ico`)
  expect(icon.status()).toBe(200)
  expect(icon.headers()['content-type']).toBe('image/x-icon')
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]))

  const status = page.getByRole('banner', { name: 'Gateway status' })
  await expect(status).toContainText('Gateway running')
  await gateway.close()
  // The heartbeat (every few seconds) notices; nothing else has to call the gateway first.
  await expect(status.getByRole('status')).toContainText('not answering')
  await expect(status).toContainText('Gateway not answering')
  await snap('status-gateway-gone')
})
