import { testOnFileGateway } from './fixtures/file-gateway'
import { expect } from './fixtures/test'

// One gateway for the file: every test starts from a fresh page, and reads only the upstream requests it caused.
const test = testOnFileGateway()

test.describe('playground chat', () => {
  test('sends a message and streams the answer in, with latency, tokens and cost', async ({ playground, page, upstream, snap }) => {
    const before = await playground.creditsValue()
    await playground.pickModel('gpt-echo')
    await playground.setSystemPrompt('You are a friendly echo.')
    await playground.send('Hello gateway')

    // Streaming: the answer is on screen, still growing, while the stop button is offered.
    await expect(playground.stopButton).toBeVisible()
    await expect(playground.lastAnswer.getByTestId('answer-text')).toContainText('echo-large')
    const answer = await playground.waitForAnswer()
    expect(answer).toBe('echo-large heard you say: Hello gateway')

    const meta = playground.lastAnswer.getByTestId('answer-meta')
    await expect(meta).toContainText('gpt-echo')
    await expect(meta).toContainText(/\d+ ms|\d+\.\d+ s/)
    await expect(meta).toContainText(/\d+ → \d+ tok/)
    await expect(playground.lastAnswer.getByTestId('answer-cost')).toContainText('credits')
    expect(upstream.requests[0]).toMatchObject({ model: 'echo-large', stream: true, messages: [{ role: 'system', content: 'You are a friendly echo.' }, { role: 'user', content: 'Hello gateway' }] })
    await expect.poll(() => playground.creditsValue()).toBeLessThan(before)
    await page.mouse.move(0, 0)
    await snap('chat-streamed-answer')
  })

  test('stops mid-stream with the Stop button and with Esc, keeping what arrived', async ({ playground, page, snap }) => {
    await playground.pickModel('gpt-echo')
    await playground.send('Please answer slowly')
    await expect(playground.lastAnswer.getByTestId('answer-text')).toContainText('word3')
    await playground.stopButton.click()
    await expect(playground.sendButton).toBeVisible()
    await expect(playground.lastAnswer.getByTestId('answer-meta')).toContainText('stopped')
    const kept = await playground.lastAnswer.getByTestId('answer-text').innerText()
    expect(kept).not.toContain('word60')
    await page.waitForTimeout(400)
    expect(await playground.lastAnswer.getByTestId('answer-text').innerText()).toBe(kept)
    await snap('chat-stopped')

    await playground.composer.fill('Slow again, please')
    await page.keyboard.press('ControlOrMeta+Enter')
    await expect(playground.stopButton).toBeVisible()
    await expect(playground.lastAnswer.getByTestId('answer-text')).toContainText('word2')
    await page.keyboard.press('Escape')
    await expect(playground.sendButton).toBeVisible()
    await expect(playground.assistantMessages).toHaveCount(2)
    await expect(playground.lastAnswer.getByTestId('answer-meta')).toContainText('stopped')
  })

  test('shows when a fallback answered, and which models were tried first', async ({ playground, snap, page }) => {
    await playground.pickModel('gpt-flaky')
    await playground.send('Are you there?')
    expect(await playground.waitForAnswer()).toBe('echo-large heard you say: Are you there?')
    const meta = playground.lastAnswer.getByTestId('answer-meta')
    await expect(meta).toContainText('fallback: tried gpt-flaky')
    await expect(meta).toContainText('gpt-echo')
    await page.mouse.move(0, 0)
    await snap('chat-fallback')
  })
})
