import { describe, expect, it } from 'vitest'
import { deploymentsFrom, deploymentsText, modelNameFrom, parsePrice, pricingFrom, pricingText, providerIdFrom } from './model-forms'

describe('model and provider forms', () => {
  it('names models clients can type, from upstream ids', () => {
    expect(modelNameFrom('gpt-4o-mini')).toBe('gpt-4o-mini')
    expect(modelNameFrom('models/gemini 1.5 pro')).toBe('models/gemini-1.5-pro')
    expect(modelNameFrom('  ')).toBe('model')
  })

  it('names providers after their host, never twice', () => {
    expect(providerIdFrom('openai', 'https://api.groq.com/openai/v1', [])).toBe('groq')
    expect(providerIdFrom('openai', 'http://127.0.0.1:11434/v1', [])).toBe('local-11434')
    expect(providerIdFrom('anthropic', '', ['anthropic'])).toBe('anthropic-2')
  })

  it('reads prices: empty is unset, negatives and words are refused', () => {
    expect(parsePrice('')).toEqual({ ok: true, value: undefined })
    expect(parsePrice('0.5')).toEqual({ ok: true, value: 0.5 })
    expect(parsePrice('-1').ok).toBe(false)
    expect(pricingFrom('150', '')).toEqual({ ok: true, pricing: { input: 150 } })
    expect(pricingFrom('x', '1')).toMatchObject({ ok: false })
    expect(pricingText({ input: 1000, output: 2000 })).toBe('1000 in · 2000 out / 1M tokens')
    expect(pricingText({})).toBe('free')
  })

  it('reads deployments one a line, and writes them back the same way', () => {
    expect(deploymentsFrom('east/gpt-4o-mini 3\n\nwest/gpt-4o', ['east', 'west'])).toEqual({ ok: true, deployments: [{ provider: 'east', upstream: 'gpt-4o-mini', weight: 3 }, { provider: 'west', upstream: 'gpt-4o', weight: 1 }] })
    expect(deploymentsFrom('  ', ['east'])).toEqual({ ok: true, deployments: null })
    expect(deploymentsFrom('north/x', ['east'])).toEqual({ ok: false, message: 'Line 1: there is no provider "north".' })
    expect(deploymentsFrom('east gpt', ['east'])).toMatchObject({ ok: false })
    expect(deploymentsText([{ provider: 'east', upstream: 'gpt-4o-mini', weight: 3 }, { provider: 'west', upstream: 'gpt-4o', weight: 1 }])).toBe('east/gpt-4o-mini 3\nwest/gpt-4o')
  })
})
