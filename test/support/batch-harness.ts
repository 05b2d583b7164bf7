import OpenAI, { toFile } from 'openai'
import { completionFor } from './fake-openai'
import { sleep, startFakeServer, type FakeServer } from './fake-upstream'
import { baseConfigData, startTestGateway, TEAM_KEY, type manualClock, type TestGateway } from './harness'

/** A line of a batch's output or error file. */
export interface ResultLine {
  id: string
  custom_id: string | null
  response: {
    status_code: number
    request_id: string
    body: { object?: string; choices: Array<{ message: { content: string } }>; error: { code: string; message: string } }
  } | null
  error: { code: string; message: string; line: number | null } | null
}

export const FAIL_UPSTREAM = 'please fail upstream'

/**
 * A gateway in front of a fake OpenAI-compatible upstream that echoes, answers 400 to any message
 * containing FAIL_UPSTREAM, and can be slowed down to keep lines in flight.
 */
export async function startBatchGateway(opts: { dataDir?: string; clock?: ReturnType<typeof manualClock>; concurrency?: number; delayMs?: number; upstream?: FakeServer } = {}) {
  const state = { delayMs: opts.delayMs ?? 0 }
  const upstream =
    opts.upstream ??
    (await startFakeServer(async (req, res) => {
      if (JSON.stringify(req.json.messages).includes(FAIL_UPSTREAM)) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'the upstream refused this one', type: 'invalid_request_error' } }))
        return
      }
      if (state.delayMs) await sleep(state.delayMs)
      if (res.destroyed) return
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completionFor(req)))
    }))
  const data = baseConfigData({ batches: { concurrency: opts.concurrency ?? 4 } })
  data.providers = [
    { id: 'up-openai', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-upstream-secret-openai' },
    { id: 'up-anthropic', type: 'anthropic', base_url: 'http://127.0.0.1:9', api_key: 'sk-ant-upstream-secret' },
    { id: 'local', type: 'local' },
  ]
  const gw: TestGateway = await startTestGateway({ configData: data, dataDir: opts.dataDir, clock: opts.clock })
  const url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
  const client = (key = TEAM_KEY) => new OpenAI({ baseURL: `${url}/v1`, apiKey: key, maxRetries: 0 })
  return {
    gw,
    url,
    upstream,
    state,
    client,
    async uploadJsonl(lines: unknown[], key = TEAM_KEY) {
      const text = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n'
      return client(key).files.create({ file: await toFile(Buffer.from(text), 'requests.jsonl'), purpose: 'batch' })
    },
    async waitFor(batchId: string, done: (b: OpenAI.Batch) => boolean, timeoutMs = 15_000): Promise<OpenAI.Batch> {
      const until = Date.now() + timeoutMs
      for (;;) {
        const batch = await client().batches.retrieve(batchId)
        if (done(batch)) return batch
        if (Date.now() > until) throw new Error(`batch ${batchId} is still ${batch.status}: ${JSON.stringify(batch.request_counts)}`)
        await sleep(20)
      }
    },
    async fileLines(fileId: string | null | undefined): Promise<ResultLine[]> {
      if (!fileId) return []
      const text = await (await client().files.content(fileId)).text()
      return text.trim().split('\n').map((l) => JSON.parse(l) as ResultLine)
    },
    async close(keepUpstream = false) {
      await gw.close()
      if (!keepUpstream) await upstream.close()
    },
  }
}

export type BatchGateway = Awaited<ReturnType<typeof startBatchGateway>>

export const ENDED = (b: OpenAI.Batch) => ['completed', 'failed', 'cancelled', 'expired'].includes(b.status)

export const chatLine = (customId: string, content: string, model = 'gpt-echo', extra: Record<string, unknown> = {}) => ({
  custom_id: customId,
  method: 'POST',
  url: '/v1/chat/completions',
  body: { model, messages: [{ role: 'user', content }], ...extra },
})
