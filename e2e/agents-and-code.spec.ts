import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { testOnFileGateway } from './fixtures/file-gateway'
import { expect } from './fixtures/test'
import { TEAM_KEY } from './fixtures/headless-gateway'

// One gateway for the file: every test starts from a fresh page; the agent the first saves is one more picker entry for the second.
const test = testOnFileGateway()

test('Save as agent makes an agent that answers through the API by its UUID', async ({ playground, page, gateway, snap }) => {
  await playground.pickModel('gpt-echo')
  await playground.setSystemPrompt('You are the harbour pilot.')
  await playground.setParam('Temperature', '0.3')
  await page.getByRole('button', { name: 'Save as agent' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save as agent' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Harbour pilot')
  await expect(dialog).toContainText('Parameters: temperature')
  await dialog.getByRole('button', { name: 'Save agent' }).click()

  const saved = page.getByRole('dialog', { name: 'Agent saved' })
  const agentId = (await saved.getByTestId('agent-id').innerText()).trim()
  expect(agentId).toMatch(/^[0-9a-f-]{36}$/)
  await snap('agent-saved')
  await saved.getByRole('button', { name: 'Done' }).click()

  const res = await fetch(`${gateway.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: agentId, messages: [{ role: 'user', content: 'What are your instructions?' }] }),
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { choices: { message: { content: string } }[] }
  expect(body.choices[0]!.message.content).toBe('My instructions: "You are the harbour pilot." at temperature 0.3.')

  // The agent is now in the model picker too.
  const picker = page.getByRole('combobox', { name: 'Model', exact: true })
  await picker.click()
  await expect(page.getByRole('option', { name: /Harbour pilot/ })).toBeVisible()
  await page.keyboard.press('Escape')
})

test('View code gives a curl command that, run as shown, returns the same answer', async ({ playground, page, snap }) => {
  await playground.pickModel('gpt-mirror')
  await playground.setSystemPrompt('Reply plainly.')
  await playground.setParam('Stream', 'false')
  await playground.send('Is curl the same?')
  const uiAnswer = await playground.waitForAnswer()

  const dialog = await playground.openViewCode()
  const curl = await dialog.getByTestId('code-snippet').innerText()
  expect(curl).toContain('/v1/chat/completions')
  expect(curl).toContain('$GATEHOUSE_API_KEY')
  await snap('view-code-curl')
  await dialog.getByRole('tab', { name: 'Python' }).click()
  await expect(dialog.getByTestId('code-snippet')).toContainText('from openai import OpenAI')
  await dialog.getByRole('tab', { name: 'JavaScript' }).click()
  await expect(dialog.getByTestId('code-snippet')).toContainText("import OpenAI from 'openai'")
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // The request View code shows is the next one: the conversation so far, answer included.
  // Asynchronously: the fake upstream lives in this process and must keep answering.
  const { stdout: out } = await promisify(execFile)('bash', ['-c', curl], { env: { ...process.env, GATEHOUSE_API_KEY: TEAM_KEY }, encoding: 'utf8', timeout: 20_000 })
  const reply = JSON.parse(out) as { choices: { message: { content: string } }[] }
  expect(reply.choices[0]!.message.content).toBe('mirror-small heard you say: Is curl the same?')
  expect(reply.choices[0]!.message.content).toBe(uiAnswer)
})
