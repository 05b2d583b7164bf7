import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { OTHER_TEAM_KEY, TEAM_KEY } from '../../../../test/support/harness'
import { chatLine, ENDED, FAIL_UPSTREAM, startBatchGateway, type BatchGateway } from '../../../../test/support/batch-harness'

let h: BatchGateway
afterEach(async () => h?.close())

const status = (e: unknown) => (e as { status?: number }).status

describe('a batch run with the openai client', () => {
  it('runs 40 lines through the chat pipeline, 2 failing into the error file', async () => {
    h = await startBatchGateway()
    const lines = Array.from({ length: 40 }, (_, i) => chatLine(`req-${i + 1}`, `question ${i + 1}`))
    lines[6] = chatLine('req-7', 'question 7', 'no-such-model')
    lines[22] = chatLine('req-23', FAIL_UPSTREAM)
    lines[30] = { ...chatLine('req-31', 'question 31'), url: '/v1/chat/completions?fallbacks=false' }
    const input = await h.uploadJsonl(lines)
    const balanceBefore = h.gw.store.company.balanceMicro()

    const created = await h.client().batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h', metadata: { run: 'contract' } })
    expect(created).toMatchObject({ object: 'batch', status: 'validating', input_file_id: input.id, completion_window: '24h', output_file_id: null, metadata: { run: 'contract' } })
    expect(created.id).toMatch(/^batch_[0-9a-f]{8}[\w-]{16}$/)
    expect(created.expires_at! - created.created_at).toBe(86400)

    const done = await h.waitFor(created.id, ENDED)
    expect(done.status).toBe('completed')
    expect(done.request_counts).toEqual({ total: 40, completed: 38, failed: 2 })
    for (const at of ['in_progress_at', 'finalizing_at', 'completed_at'] as const) expect(done[at]).toBeTypeOf('number')
    expect(done.usage!.input_tokens).toBeGreaterThan(0)

    const output = await h.fileLines(done.output_file_id)
    expect(output.map((l) => l.custom_id)).toEqual(lines.map((l) => l.custom_id).filter((id) => id !== 'req-7' && id !== 'req-23'))
    for (const l of output) {
      expect(l).toMatchObject({ error: null, response: { status_code: 200, body: { object: 'chat.completion' } } })
      expect(l.id).toMatch(/^batch_req_/)
      expect(l.response!.request_id).toMatch(/^req_/)
      expect(l.response!.body.choices[0]!.message.content).toBe(`echo: question ${l.custom_id!.slice(4)}`)
    }

    const errors = await h.fileLines(done.error_file_id)
    expect(errors.map((l) => [l.custom_id, l.error!.line, l.response!.status_code])).toEqual([
      ['req-7', 7, 400],
      ['req-23', 23, 400],
    ])
    expect(errors[0]!.error!.code).toBe(errors[0]!.response!.body.error.code)
    expect(errors[1]!.error!.message).toMatch(/the upstream refused this one/)

    const outputFile = await h.client().files.retrieve(done.output_file_id!)
    expect(outputFile).toMatchObject({ purpose: 'batch_output', filename: `${done.id}_output.jsonl`, status: 'processed' })
    const usage = h.gw.store.usage.list({ limit: 100 }).filter((u) => u.source === 'batch')
    expect(usage.filter((u) => u.status === 200)).toHaveLength(38)
    expect(h.gw.store.company.balanceMicro()).toBeLessThan(balanceBefore)
    expect(h.upstream.requests).toHaveLength(39)
  })

  it('fails a batch whose input has bad lines, naming each line, and sends nothing', async () => {
    h = await startBatchGateway()
    const input = await h.uploadJsonl([
      chatLine('a', 'fine'),
      '{"custom_id": "b", "method": "POST", ',
      '',
      { method: 'POST', url: '/v1/chat/completions', body: { model: 'gpt-echo' } },
      { ...chatLine('d', 'x'), url: '/v1/embeddings' },
      chatLine('a', 'duplicate'),
      chatLine('f', 'x', 'gpt-echo', { stream: true }),
      { custom_id: 'g', method: 'POST', url: '/v1/chat/completions', body: { messages: [] } },
      [1, 2],
    ])
    const batch = await h.client().batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' })
    const failed = await h.waitFor(batch.id, ENDED)
    expect(failed.status).toBe('failed')
    expect(failed.failed_at).toBeTypeOf('number')
    const listed = failed.errors!.data!.map((e) => [e.line, e.code, e.param])
    expect(listed).toEqual([
      [2, 'invalid_json_line', null],
      [4, 'missing_required_parameter', 'custom_id'],
      [5, 'invalid_url', 'url'],
      [6, 'duplicate_custom_id', 'custom_id'],
      [7, 'invalid_request', 'body.stream'],
      [8, 'missing_required_parameter', 'body.model'],
      [9, 'invalid_request', null],
    ])
    expect(failed.errors!.data![0]!.message).toMatch(/^Line 2: not valid JSON/)
    const errorLines = await h.fileLines(failed.error_file_id)
    expect(errorLines.map((l) => [l.error!.line, l.custom_id, l.response])).toEqual([
      [2, null, null],
      [4, null, null],
      [5, 'd', null],
      [6, 'a', null],
      [7, 'f', null],
      [8, 'g', null],
      [9, null, null],
    ])
    expect(h.upstream.requests).toHaveLength(0)
    expect(h.gw.store.batchLines.countOpen(batch.id)).toBe(0)
  })

  it('fails a batch with a line nested 100,000 levels deep, naming the line, instead of staying in validating', async () => {
    h = await startBatchGateway()
    const deep = `{"custom_id": "deep", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-echo", "messages": [], "x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}`
    const input = await h.uploadJsonl([chatLine('a', 'fine'), deep])
    const batch = await h.client().batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' })
    const failed = await h.waitFor(batch.id, ENDED, 10_000)
    expect(failed.status).toBe('failed')
    expect(failed.errors!.data).toEqual([expect.objectContaining({ line: 2, code: 'json_too_deep' })])
    expect(failed.errors!.data![0]!.message).toMatch(/^Line 2: .*deeper than 512 levels/)
    expect((await h.fileLines(failed.error_file_id)).map((l) => l.error!.line)).toEqual([2])
    expect(h.upstream.requests).toHaveLength(0)
  })

  it('fails a batch whose input cannot be read at all, with an error file, instead of retrying it forever', async () => {
    h = await startBatchGateway()
    const input = await h.uploadJsonl([chatLine('a', 'fine')])
    rmSync(join(h.gw.dataDir, 'files', input.id))
    const batch = await h.client().batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' })
    const failed = await h.waitFor(batch.id, ENDED, 10_000)
    expect(failed.status).toBe('failed')
    expect(failed.errors!.data).toEqual([expect.objectContaining({ code: 'validation_failed', line: null })])
    expect(await h.fileLines(failed.error_file_id)).toHaveLength(1)
  })

  it('fails an empty input file', async () => {
    h = await startBatchGateway()
    const input = await h.uploadJsonl(['', '   '])
    const batch = await h.client().batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' })
    const failed = await h.waitFor(batch.id, ENDED)
    expect(failed).toMatchObject({ status: 'failed', errors: { data: [{ code: 'empty_file', line: null }] } })
  })

  it('refuses a bad create with 400 or 404 naming the field', async () => {
    h = await startBatchGateway()
    const input = await h.uploadJsonl([chatLine('a', 'x')])
    const other = await h.uploadJsonl([chatLine('a', 'x')], OTHER_TEAM_KEY)
    const create = (body: Record<string, unknown>) =>
      fetch(`${h.url}/v1/batches`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const base = { input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' }
    for (const [body, code, param] of [
      [{ ...base, input_file_id: other.id }, 404, 'input_file_id'],
      [{ ...base, input_file_id: 'file-nope' }, 404, 'input_file_id'],
      [{ ...base, endpoint: '/v1/embeddings' }, 400, 'endpoint'],
      [{ ...base, completion_window: '1h' }, 400, 'completion_window'],
      [{ ...base, metadata: { k: 'v'.repeat(513) } }, 400, 'metadata.k'],
      [{ ...base, input_file_id: undefined }, 400, 'input_file_id'],
    ] as const) {
      const res = await create(body)
      expect(res.status, JSON.stringify(body)).toBe(code)
      expect(((await res.json()) as { error: { param: string } }).error.param).toBe(param)
    }
  })
})

describe('reading and cancelling batches', () => {
  it('lists newest first with a cursor and keeps other teams out', async () => {
    h = await startBatchGateway()
    const input = await h.uploadJsonl([chatLine('a', 'x')])
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      ids.push((await h.client().batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' })).id)
      h.gw.clock.advance(1000)
    }
    const seen: string[] = []
    for await (const page of (await h.client().batches.list({ limit: 2 })).iterPages()) seen.push(...page.data.map((b) => b.id))
    expect(seen).toEqual([...ids].reverse())
    const beta = h.client(OTHER_TEAM_KEY)
    expect((await beta.batches.list()).data).toEqual([])
    await expect(beta.batches.retrieve(ids[0]!)).rejects.toSatisfy((e) => status(e) === 404)
    await expect(beta.batches.cancel(ids[0]!)).rejects.toSatisfy((e) => status(e) === 404)
    for (const id of ids) await h.waitFor(id, ENDED)
  })

  it('cancels a running batch: finished lines in the output, the rest as batch_cancelled', async () => {
    h = await startBatchGateway({ concurrency: 2, delayMs: 150 })
    const input = await h.uploadJsonl(Array.from({ length: 12 }, (_, i) => chatLine(`c${i}`, `q${i}`)))
    const batch = await h.client().batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' })
    await h.waitFor(batch.id, (b) => (b.request_counts?.completed ?? 0) >= 2)
    const cancelling = await h.client().batches.cancel(batch.id)
    expect(['cancelling', 'cancelled']).toContain(cancelling.status)
    const cancelled = await h.waitFor(batch.id, ENDED)
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.cancelling_at).toBeTypeOf('number')
    expect(cancelled.cancelled_at).toBeTypeOf('number')
    const done = await h.fileLines(cancelled.output_file_id)
    const unrun = await h.fileLines(cancelled.error_file_id)
    expect(done.length).toBe(cancelled.request_counts!.completed)
    expect(done.length).toBeLessThan(12)
    expect(unrun.every((l) => l.error!.code === 'batch_cancelled' && l.response === null)).toBe(true)
    expect([...done, ...unrun].map((l) => l.custom_id).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `c${i}`).sort())
    await expect(h.client().batches.cancel(batch.id)).resolves.toMatchObject({ status: 'cancelled' })
  })

  it('refuses to cancel a finished batch with 409', async () => {
    h = await startBatchGateway()
    const input = await h.uploadJsonl([chatLine('a', 'x')])
    const batch = await h.client().batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' })
    await h.waitFor(batch.id, ENDED)
    await expect(h.client().batches.cancel(batch.id)).rejects.toSatisfy((e) => status(e) === 409 && /already completed/.test((e as Error).message))
  })
})
