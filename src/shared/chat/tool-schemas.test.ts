import { describe, expect, it } from 'vitest'
import { issueMessage } from '../validation/issue-messages'
import { legacyFunctionCallSchema, toolChoiceSchema, toolSchema } from './tool-schemas'
import { ocrToolSettings, type OcrTool } from './types'

const parse = (tool: unknown) => toolSchema.parse(tool, { error: issueMessage })

describe('toolSchema accepts every tool kind', () => {
  const unchanged: [string, unknown][] = [
    ['function without parameters', { type: 'function', function: { name: 'ping' } }],
    [
      'function with everything',
      {
        type: 'function',
        function: {
          name: 'get_weather-v2',
          description: 'Weather of a city',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          strict: null,
        },
      },
    ],
    ['web_search without settings', { type: 'web_search' }],
    [
      'web_search with location and query search',
      {
        type: 'web_search',
        web_search: {
          search_context_size: 'high',
          user_location: { type: 'approximate', city: 'Paris', country: 'FR', region: 'IDF', timezone: 'Europe/Paris' },
          mcp: { type: 'query', options: { tool: 'google_search', query: 'eiffel tower height', geo_location: 'France', parse: true } },
        },
      },
    ],
    [
      'web_search with url search',
      { type: 'web_search', web_search: { mcp: { type: 'url', options: { tool: 'universal', url: 'https://example.com' } } } },
    ],
    [
      'rag with every mcp field',
      {
        type: 'rag',
        rag: { mcp: { collection_uuid: '6f1c', query: 'refund policy', threshold: 0.4, top_n: 5, model_uuid: 'm-1' } },
      },
    ],
    ['a vendor OCR tool', { type: 'acme_ocr', acme_ocr: { file_id: 'file-123' } }],
  ]

  it.each(unchanged)('%s', (_what, tool) => {
    expect(parse(tool)).toEqual(tool)
  })

  it('infers the mcp type from options.tool when it is omitted', () => {
    const url = parse({ type: 'web_search', web_search: { mcp: { options: { tool: 'universal', url: 'https://a.b' } } } })
    const query = parse({ type: 'web_search', web_search: { mcp: { options: { tool: 'bing_search', query: 'q' } } } })
    expect(url).toMatchObject({ web_search: { mcp: { type: 'url' } } })
    expect(query).toMatchObject({ web_search: { mcp: { type: 'query' } } })
  })

  it('reads the OCR settings from the property named like the type', () => {
    const tool = parse({ type: 'scanco_ocr', scanco_ocr: { file_id: 'file-9' } }) as OcrTool
    expect(ocrToolSettings(tool)).toEqual({ file_id: 'file-9' })
  })
})

describe('tool choices', () => {
  it.each([['none'], ['auto'], ['required'], [{ type: 'function', function: { name: 'f' } }]])('accepts %j', (choice) => {
    expect(toolChoiceSchema.parse(choice)).toEqual(choice)
  })

  it.each([['none'], ['auto'], [{ name: 'f' }]])('accepts the deprecated function_call %j', (choice) => {
    expect(legacyFunctionCallSchema.parse(choice)).toEqual(choice)
  })
})
