import { fork, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpenAI, { toFile } from 'openai'
import type { UsageRow } from '../../src/gateway/store/repos/usage-repo'
import { openStore } from '../../src/gateway/store/store'
import { pdfBomb, pngClaiming } from './document-fixtures'
import { listeningUrl } from './listening-url'
import { startFakeOpenAi } from './fake-openai'
import { TEAM_KEY } from './harness'
import { waitFor } from './serve-child'
import { holdWriteLock } from './storage-faults'

const CHILD = join(import.meta.dirname, 'fault-gateway-child.ts')
const MESSAGE = 'Count this one.'

/** One chat, plain or streamed, through the official client; its request id once answered. */
export function chatter(url: string) {
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: TEAM_KEY, maxRetries: 0 })
  return async function chat(stream: boolean): Promise<string> {
    const messages = [{ role: 'user' as const, content: MESSAGE }]
    let text = ''
    let id: string | null
    if (stream) {
      const { data: events, response } = await client.chat.completions.create({ model: 'gpt-echo', messages, stream: true, stream_options: { include_usage: true } }).withResponse()
      for await (const e of events) text += e.choices[0]?.delta.content ?? ''
      id = response.headers.get('x-request-id')
    } else {
      const { data: reply, response } = await client.chat.completions.create({ model: 'gpt-echo', messages }).withResponse()
      text = reply.choices[0]!.message.content ?? ''
      id = response.headers.get('x-request-id')
    }
    if (text !== `echo: ${MESSAGE}` || !id) throw new Error(`unexpected answer ${JSON.stringify(text)} (request id ${id})`)
    return id
  }
}

export interface Answered {
  id: string
  stream: boolean
}

/** `clients` clients chatting (plain and streamed by turns) until `done()`; the requests they got answered. */
export async function chatUntil(chat: (stream: boolean) => Promise<string>, clients: number, done: () => boolean | Promise<boolean>): Promise<Answered[]> {
  const answered: Answered[] = []
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; !(await done()); i++) {
        const stream = (c + i) % 2 === 1
        answered.push({ id: await chat(stream), stream })
      }
    }),
  )
  return answered
}

/** What one chat of each kind costs (micro-credits), from one of each answered now, before a fault. */
export async function unitCosts(chat: (stream: boolean) => Promise<string>, rowOf: (id: string) => UsageRow | undefined) {
  const ids = [await chat(false), await chat(true)]
  const [plain, streamed] = await Promise.all(ids.map((id) => waitFor(() => rowOf(id), `usage row ${id}`)))
  return { plain: plain!.creditsMicro, stream: streamed!.creditsMicro }
}

/** A conversation whose system prompt is longer than a database page: storing it always needs new pages. */
export const bigConversation = { title: 'Long one', data: { system_prompt: 'Be brief. '.repeat(2000), messages: [] } }

/** A refused request: its status and the error the client got. */
export interface Refusal {
  status: number
  error: { code?: string; param?: string; message?: string }
}

/** What the drill's two bombs got, and how many `/health` polls answered while they were in flight. */
export interface BombReplies {
  pdf: Refusal
  pixels: Refusal
  healthWhileInFlight: number
}

/** The drill's document limit: the PDF bomb inflates past it (README "Gateway-run tools"). */
export const DRILL_DOCUMENT_MEMORY = '128mb'

export interface HealthReply {
  status: string
  problems: string[]
}

/**
 * The real gateway (startGateway from source, as `npm run serve`) in a child process on a fresh data
 * dir, before a fake OpenAI upstream, with one priced model `gpt-echo` and team alpha's key. The test
 * reads the database through its own connection, holds its write lock through another, fills and frees
 * the disk (the child's `max_page_count`) and reads the child's longest event-loop stall.
 */
export async function startFaultGateway() {
  const upstream = await startFakeOpenAi()
  const dir = mkdtempSync(join(tmpdir(), 'gh-fault-drill-'))
  const dataDir = join(dir, 'data')
  const configFile = join(dir, 'gatehouse.json')
  writeFileSync(
    configFile,
    JSON.stringify({
      // Each of 20 concurrent requests holds its worst case (no max_tokens) until it settles.
      credits: 1e9,
      server: { port: 0 },
      providers: [{ id: 'up-openai', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-upstream-secret-openai' }],
      models: [{ name: 'gpt-echo', provider: 'up-openai', upstream: 'gpt-4o-mini', pricing: { input: 1000, output: 2000 } }],
      teams: [{ name: 'alpha', keys: [TEAM_KEY] }],
      documents: { max_memory: DRILL_DOCUMENT_MEMORY },
    }),
  )
  const child: ChildProcess = fork(CHILD, [configFile, dataDir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] })
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += d))
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`exited (${signal ?? code}): ${stderr.slice(-2000)}`)))
  const url = await listeningUrl(child)
  const reader = openStore(join(dataDir, 'gatehouse.db'))

  /** Sends `message` and waits for the child's answer to it. */
  const ask = <T>(message: string, answer: (m: unknown) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: unknown) => {
        const value = answer(m)
        if (value === undefined) return
        child.off('message', onMessage)
        resolve(value)
      }
      child.on('message', onMessage)
      void exited.then((why) => reject(new Error(`the gateway ${why}`)))
      child.send(message)
    })
  const command = (name: 'fill-disk' | 'free-disk') => ask(name, (m) => (m === `done ${name}` ? true : undefined))

  const adminHeaders = () => ({ authorization: `Bearer ${readFileSync(join(dataDir, 'admin-token'), 'utf8').trim()}` })
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: TEAM_KEY, maxRetries: 0 })

  let lock: ReturnType<typeof holdWriteLock> | undefined
  return {
    url,
    child,
    /** Resolves, with why and the end of its log, if the gateway process ends. */
    exited,
    chat: chatter(url),
    async health(): Promise<HealthReply> {
      const res = await fetch(`${url}/health`)
      if (res.status !== 200) throw new Error(`/health answered ${res.status}`)
      return (await res.json()) as HealthReply
    },
    /** An admin write (a conversation larger than a page); its status. */
    async adminWrite(): Promise<number> {
      const res = await fetch(`${url}/admin/conversations`, { method: 'POST', headers: { ...adminHeaders(), 'content-type': 'application/json' }, body: JSON.stringify(bigConversation) })
      await res.arrayBuffer()
      return res.status
    },
    /**
     * Readies two bombs while the disk has room (a collection, and an uploaded file, are writes):
     * a PDF whose content stream inflates past the document workers' memory, for a collection, and a
     * PNG claiming 30,000 x 30,000 pixels, uploaded for OCR. Resolves with the function that sends both
     * (the PDF to the collection, the PNG to the OCR tool of a chat), once each has its answer.
     */
    async armBombs(): Promise<() => Promise<[Refusal, Refusal]>> {
      const res = await fetch(`${url}/admin/collections`, { method: 'POST', headers: { ...adminHeaders(), 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bombs' }) })
      if (res.status !== 201) throw new Error(`creating a collection answered ${res.status}: ${await res.text()}`)
      const collection = ((await res.json()) as { id: string }).id
      const pdf = pdfBomb(32)
      const png = await client.files.create({ file: await toFile(pngClaiming(30_000, 30_000), 'bomb.png'), purpose: 'vision' })
      const sendPdf = async (): Promise<Refusal> => {
        const form = new FormData()
        form.append('file', new Blob([pdf]), 'bomb.pdf')
        const reply = await fetch(`${url}/admin/collections/${collection}/documents`, { method: 'POST', headers: adminHeaders(), body: form })
        const body = (await reply.json()) as { error?: Refusal['error'] }
        return { status: reply.status, error: body.error ?? {} }
      }
      const sendPixels = (): Promise<Refusal> =>
        client.chat.completions
          .create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'Read it.' }], tools: [{ type: 'acme_ocr', acme_ocr: { file_id: png.id } }] as never })
          .then(
            () => ({ status: 200, error: {} }),
            (e: { status?: number; error?: Refusal['error'] }) => ({ status: e.status ?? 0, error: e.error ?? {} }),
          )
      return () => Promise.all([sendPdf(), sendPixels()])
    },
    fillDisk: () => command('fill-disk'),
    freeDisk: () => command('free-disk'),
    holdLock: () => void (lock = holdWriteLock(join(dataDir, 'gatehouse.db'))),
    releaseLock: () => lock?.release(),
    /** The gateway's event-loop stalls (ms) since the last call: the longest, and the 99th percentile. */
    loopStalls: () => ask('loop-delay', (m) => (typeof m === 'object' && m !== null && 'maxStallMs' in m ? (m as { maxStallMs: number; p99StallMs: number }) : undefined)),
    rowOf: (id: string) => reader.usage.get(id),
    balanceMicro: () => reader.company.balanceMicro(),
    async close() {
      lock?.release()
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
      child.kill('SIGKILL')
      reader.close()
      await upstream.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export type FaultGateway = Awaited<ReturnType<typeof startFaultGateway>>

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The faults of the drill, one after another, while clients chat: the disk fills (until the usage log
 * cannot be written), then another process also holds the database's write lock for `lockMs`, then
 * both pass. An admin write is tried under each, and while both hold, a PDF bomb and a pixel bomb are
 * sent; resolves with what each got once the gateway reports `ok` again.
 */
export async function runFaults(g: FaultGateway, { lockMs = 3000 } = {}): Promise<{ diskFullWrite: number; lockedWrite: number; bombs: BombReplies }> {
  const sendBombs = await g.armBombs()
  await g.fillDisk()
  // Small rows may still fit the pages of a capped database: wait until a commit needed more.
  for (let i = 0; i < 200 && (await g.health()).status !== 'degraded'; i++) await sleep(25)
  const diskFullWrite = await g.adminWrite()
  g.holdLock()
  const lockedWrite = await g.adminWrite()
  // While the disk is full and the lock held, the bombs too: each must cost only its own request a 4xx.
  const [, bombs] = await Promise.all([sleep(lockMs), whileHealthAnswers(g, sendBombs)])
  g.releaseLock()
  await g.freeDisk()
  for (let i = 0; i < 400 && (await g.health()).status !== 'ok'; i++) await sleep(25)
  return { diskFullWrite, lockedWrite, bombs }
}

/** Sends the bombs and polls `/health` (which throws unless it answers 200) at least once until both are answered. */
async function whileHealthAnswers(g: FaultGateway, sendBombs: () => Promise<[Refusal, Refusal]>): Promise<BombReplies> {
  let answered = false
  const replies = sendBombs().finally(() => (answered = true))
  let healthWhileInFlight = 0
  do {
    await g.health()
    healthWhileInFlight++
    await sleep(20)
  } while (!answered)
  const [pdf, pixels] = await replies
  return { pdf, pixels, healthWhileInFlight }
}
