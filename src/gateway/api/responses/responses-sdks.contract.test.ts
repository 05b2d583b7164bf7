import { createOpenAI } from '@ai-sdk/openai'
import { Agent, OpenAIProvider, Runner, setTracingDisabled, tool as agentTool } from '@openai/agents'
import { generateObject, generateText, stepCountIs, streamText, tool } from 'ai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { TEAM_KEY } from '../../../../test/support/harness'

let h: ChatHarness
beforeAll(async () => {
  h = await startChatHarness()
})
afterAll(async () => h.close())
beforeEach(() => {
  h.openai.requests.length = 0
})

const model = () => createOpenAI({ baseURL: `${h.url}/v1`, apiKey: TEAM_KEY }).responses('gpt-echo')

describe('the Vercel AI SDK default OpenAI provider (Responses API)', () => {
  it('generateText', async () => {
    const { text, usage } = await generateText({ model: model(), prompt: 'hello sdk' })
    // The SDK sends the prompt as input_text parts, which the fake upstream echoes as JSON.
    expect(text).toMatch(/^echo: .*hello sdk/)
    expect(usage.outputTokens).toBeGreaterThan(0)
  })

  it('streamText', async () => {
    const result = streamText({ model: model(), prompt: 'stream sdk words' })
    const parts: string[] = []
    for await (const delta of result.textStream) parts.push(delta)
    expect(parts.join('')).toMatch(/^echo: .*stream sdk words/)
    expect(parts.length).toBeGreaterThan(1)
  })

  it('generateObject', async () => {
    const { object } = await generateObject({ model: model(), schema: z.object({ city: z.string(), country: z.string() }), prompt: 'a city' })
    expect(object).toEqual({ city: 'value of city', country: 'value of country' })
  })

  it('calls a tool and answers from its result on the next step', async () => {
    const seen: string[] = []
    const { text, steps } = await generateText({
      model: model(),
      prompt: 'weather in Paris?',
      tools: {
        get_weather: tool({
          description: 'Weather of a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => {
            seen.push(city)
            return `sunny in ${city}`
          },
        }),
      },
      stopWhen: stepCountIs(2),
    })
    expect(seen).toEqual(['Paris'])
    expect(steps).toHaveLength(2)
    expect(text).toContain('sunny in Paris')
    expect(h.openai.requests).toHaveLength(2)
  })
})

describe('the OpenAI Agents SDK', () => {
  it('runs an agent with one function tool to its final output', async () => {
    setTracingDisabled(true)
    // The SDK's default model provider (the Responses API), pointed at the gateway.
    const runner = new Runner({ modelProvider: new OpenAIProvider({ baseURL: `${h.url}/v1`, apiKey: TEAM_KEY, useResponses: true }) })
    const getWeather = agentTool({
      name: 'get_weather',
      description: 'Weather of a city',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => `cloudy in ${city}`,
    })
    const agent = new Agent({ name: 'Forecaster', instructions: 'Answer with the weather.', model: 'gpt-echo', tools: [getWeather] })
    const result = await runner.run(agent, 'weather in Paris?')
    expect(result.finalOutput).toContain('cloudy in Paris')
    expect(h.openai.requests).toHaveLength(2)
    expect(h.usageRows().filter((r) => r.endpoint === 'responses').length).toBeGreaterThanOrEqual(2)
  })
})
