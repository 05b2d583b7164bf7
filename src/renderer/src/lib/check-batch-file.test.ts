import { describe, expect, it } from 'vitest'
import { checkBatchFile } from './check-batch-file'

const line = (id: string) => JSON.stringify({ custom_id: id, method: 'POST', url: '/v1/chat/completions', body: { model: 'gpt-echo', messages: [] } })
const file = (text: string) => new Blob([text])

describe('checkBatchFile', () => {
  it('passes JSONL of request lines, blank lines and a BOM included', async () => {
    expect(await checkBatchFile(file(`\uFEFF${line('a')}\n\n${line('b')}\r\n`))).toBeNull()
  })

  it('refuses with the line and the reason, as the gateway would', async () => {
    expect(await checkBatchFile(file(`${line('a')}\nnot json\n`))).toMatch(/^Line 2: not valid JSON/)
    expect(await checkBatchFile(file(`${line('a')}\n${line('a')}\n`))).toMatch(/^Line 2: custom_id "a" appears on an earlier line/)
    expect(await checkBatchFile(file(JSON.stringify({ custom_id: 'x', method: 'POST', url: '/v1/embeddings', body: { model: 'm' } })))).toMatch(/^Line 1: url must be "\/v1\/chat\/completions"/)
    expect(await checkBatchFile(file('\n\n'))).toMatch(/empty/)
  })

  it('lists the first three problems and counts the rest', async () => {
    const problem = await checkBatchFile(file(['x', 'y', 'z', 'w', 'v'].join('\n')))
    expect(problem).toMatch(/^Line 1: .* Line 2: .* Line 3: .*\(5 lines have problems in all\.\)$/)
  })
})
