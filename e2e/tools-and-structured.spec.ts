import { testOnFileGateway } from './fixtures/file-gateway'
import { expect } from './fixtures/test'

// One gateway for the file: every test starts from a fresh page, and reads only the upstream requests it caused.
const test = testOnFileGateway()

const WEATHER_TOOL = JSON.stringify([
  { type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
])

test('a tool call shows as a card; answering it runs the conversation on', async ({ playground, page, upstream, snap }) => {
  await playground.pickModel('gpt-echo')
  await playground.setTools(WEATHER_TOOL)
  await playground.send('What is the weather in Paris?')

  const card = playground.page.getByTestId('tool-call')
  await expect(card).toContainText('get_weather')
  await expect(card).toContainText('"city": "Paris"')
  await card.getByRole('textbox', { name: 'Result of get_weather' }).fill('{"temperature": 21, "sky": "clear"}')
  await snap('tool-call-card')
  await card.getByRole('button', { name: 'Send result' }).click()

  await expect(playground.page.getByTestId('message-tool')).toContainText('"temperature": 21')
  const answer = await playground.waitForAnswer()
  expect(answer).toBe('The tool says {"temperature": 21, "sky": "clear"}, so it is a mild day in Paris.')
  const second = upstream.requests[1]!
  expect(second.messages.slice(-2)).toMatchObject([
    { role: 'assistant', tool_calls: [{ id: 'call_weather_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
    { role: 'tool', tool_call_id: 'call_weather_1', content: '{"temperature": 21, "sky": "clear"}' },
  ])
  await expect(card.getByRole('textbox')).toHaveCount(0)
  await page.mouse.move(0, 0)
  await snap('tool-call-answered')
})

test('a JSON schema answer is parsed and checked against the schema', async ({ playground, upstream, snap }) => {
  await playground.pickModel('gpt-echo')
  await playground.setJsonSchema('city_fact', JSON.stringify({ type: 'object', properties: { city: { type: 'string' }, population_millions: { type: 'number' }, capital: { type: 'boolean' } }, required: ['city', 'population_millions', 'capital'] }, null, 2))
  await playground.send('Tell me about Lisbon as JSON')
  await playground.waitForAnswer()

  const parsed = playground.lastAnswer.getByRole('region', { name: 'Parsed result' })
  await expect(parsed).toContainText('matches the schema')
  expect(JSON.parse(await parsed.getByTestId('structured-result').innerText())).toEqual({ city: 'Lisbon', population_millions: 0.92, capital: true })
  expect(upstream.requests[0]!.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'city_fact', strict: true } })
  await snap('structured-output')
})

test('n choices side by side, logprobs on hover', async ({ playground, page, snap }) => {
  await playground.pickModel('gpt-echo')
  await playground.setParam('Choices (n)', '2')
  await playground.setParam('Stream', 'false')
  await playground.setParam('Logprobs', 'true')
  await playground.setParam('Top logprobs', '2')
  await playground.send('Two ways please')
  await expect(playground.sendButton).toBeVisible()
  const choices = playground.lastAnswer.getByTestId('choice')
  await expect(choices).toHaveCount(2)
  await expect(choices.nth(1)).toContainText('Choice 2.')
  await choices.nth(1).getByRole('radio').check()
  await expect(choices.nth(1)).toContainText('carried forward')

  await choices.nth(0).getByTestId('logprob-token').nth(2).hover()
  const card = playground.lastAnswer.locator('.logprob-card:visible')
  await expect(card).toContainText('%')
  await expect(card).toContainText('logprob')
  await snap('choices-and-logprobs')
  await page.mouse.move(0, 0)
})
