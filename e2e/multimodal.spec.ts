import { expect, test } from './fixtures/test'
import { silentWavBase64 } from './fixtures/fake-upstream'

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

test('image and audio attachments go out as content parts; an audio reply plays inline', async ({ playground, page, upstream, snap }) => {
  await playground.pickModel('gpt-echo')
  await page.locator('input[type=file][accept^="image"]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1PX })
  await page.locator('input[type=file][accept^=".wav"]').setInputFiles({ name: 'hello.wav', mimeType: 'audio/wav', buffer: Buffer.from(silentWavBase64(), 'base64') })
  const pending = page.getByRole('form', { name: 'New message' }).getByRole('list', { name: 'Attachments' })
  await expect(pending.getByRole('img', { name: 'dot.png' })).toBeVisible()
  await playground.send('What did I attach?')
  expect(await playground.waitForAnswer()).toBe('I received 2 attachments: image, audio.')
  const parts = upstream.requests[0]!.messages.at(-1)!.content as { type: string }[]
  expect(parts.map((p) => p.type)).toEqual(['text', 'image_url', 'input_audio'])
  await expect(page.getByTestId('message-user').getByRole('img', { name: 'dot.png' })).toBeVisible()

  await playground.setParam('Stream', 'false')
  await playground.setParam('Modalities', 'text,audio')
  await playground.setParam('Voice', 'coral')
  await playground.setParam('Audio format', 'wav')
  await playground.send('Say it out loud')
  await expect(playground.sendButton).toBeVisible()
  const player = playground.lastAnswer.locator('audio[aria-label="Audio reply"]')
  await expect(player).toBeVisible()
  expect(await player.evaluate((el) => (el as unknown as { src: string }).src)).toMatch(/^data:audio\/wav;base64,UklGR/)
  expect(upstream.requests[1]).toMatchObject({ modalities: ['text', 'audio'], audio: { voice: 'coral', format: 'wav' } })
  await expect(playground.lastAnswer).toContainText('echo-large heard you say: Say it out loud')
  await page.mouse.move(0, 0)
  await snap('attachments-and-audio-reply')
})
