import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { badRequest } from '../../../shared/errors'
import { installAdminAuth, type AdminAuthOptions } from '../../http/admin-auth'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { writeWithBackpressure } from '../../http/write-with-backpressure'
import type { Clock } from '../../kernel/runtime'
import type { LocalModelsAdmin } from '../../services/admin/local-models-admin'
import type { Authenticate } from '../../services/auth/authenticate'
import { OLLAMA_API_VERSION, type OllamaCatalog } from '../../services/ollama/ollama-catalog'
import type { KeylessAccess } from '../../services/ollama/keyless-access'
import type { OllamaService } from '../../services/ollama/ollama-service'
import type { OllamaKind } from '../../services/ollama/pivot-to-ollama'
import { abortOnClientClose } from '../../http/client-abort'
import { KEEP_ALIVE_HINT, parseKeepAliveSeconds } from '../../../shared/local-model-settings'
import type { RequestContext } from '../../services/pipeline/request-context'
import { requestContext, servedHeaders } from '../request-context'
import { NDJSON_HEADERS, openStreamReply } from '../stream-reply'
import { isoTime } from '../../kernel/iso-time'

export interface OllamaRoutesOptions {
  ollama: OllamaService
  catalog: OllamaCatalog
  localModels: LocalModelsAdmin
  clock: Clock
  authenticate: Authenticate
  adminAuth: AdminAuthOptions
  keyless: KeylessAccess
}

/** Keyless access is for tools on this machine only: the socket's peer is loopback. */
const fromLoopback = (req: FastifyRequest) => /^(127\.|::1$|::ffff:127\.)/.test(req.socket.remoteAddress ?? '')

type Obj = Record<string, unknown>
/** Ollama's clients do not all send a JSON content type (curl -d sends a form type): every body is read as JSON. */
function readBodiesAsJson(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, text, done) => {
    if (text === '') return done(null, {})
    try {
      done(null, JSON.parse(text as string))
    } catch {
      done(badRequest('The body is not valid JSON: send a JSON object such as {"model": "...", "messages": [...]}', null, 'invalid_json'))
    }
  })
}

const bodyOf = (req: FastifyRequest): Obj => {
  const b = req.body
  if (typeof b !== 'object' || b === null || Array.isArray(b)) throw badRequest('The body must be a JSON object', null, 'invalid_json')
  return b as Obj
}

const nameOf = (body: Obj): string => {
  const name = body.model ?? body.name
  if (typeof name !== 'string' || name === '') throw badRequest('model is required: name a model, e.g. {"model": "stories"}', 'model')
  return name
}

/** The Ollama API (`/api/*`) in Ollama's own shapes, on the gateway's keys, credits and usage rows. */
export async function ollamaRoutes(app: FastifyInstance, opts: OllamaRoutesOptions) {
  const { clock } = opts
  // Clients ask for the version before anything else, with no key.
  app.get('/api/version', async () => ({ version: OLLAMA_API_VERSION }))

  await app.register(async (keyed) => {
    installApiKeyAuth(keyed, opts.authenticate, 'chat', (req) => (fromLoopback(req) ? opts.keyless.principal() : null))
    readBodiesAsJson(keyed)
    keyed.get('/api/tags', async (req) => opts.catalog.tags(req.principal.team))
    keyed.get('/api/ps', async (req) => opts.catalog.ps(req.principal.team))
    keyed.post('/api/show', async (req) => opts.catalog.show(req.principal.team, nameOf(bodyOf(req))))
    keyed.post('/api/chat', async (req, reply) => answer('chat', req, reply))
    keyed.post('/api/generate', async (req, reply) => answer('generate', req, reply))

    keyed.post('/api/embed', async (req, reply) => {
      const body = bodyOf(req)
      const input = body.input
      const inputs = typeof input === 'string' ? [input] : Array.isArray(input) && input.every((s) => typeof s === 'string') ? (input as string[]) : null
      if (!inputs) throw badRequest('input is required: a string or an array of strings', 'input')
      const ctx = withKeepAlive(requestContext(req, reply, clock), body)
      const done = await opts.ollama.embed(ctx, nameOf(body), inputs)
      const elapsed = (clock.now() - ctx.startedAt) * 1e6
      reply.headers(servedHeaders(done, clock.now() - ctx.startedAt))
      return { model: body.model, embeddings: done.vectors, total_duration: elapsed, load_duration: 0, prompt_eval_count: done.promptTokens }
    })

    keyed.post('/api/embeddings', async (req, reply) => {
      const body = bodyOf(req)
      if (typeof body.prompt !== 'string') throw badRequest('prompt is required: the text to embed', 'prompt')
      const ctx = withKeepAlive(requestContext(req, reply, clock), body)
      const done = await opts.ollama.embed(ctx, nameOf(body), [body.prompt])
      reply.headers(servedHeaders(done, clock.now() - ctx.startedAt))
      return { embedding: done.vectors[0] }
    })
  })

  // Pulling and deleting change what is installed on this machine: the admin token, never a team key.
  await app.register(async (admin) => {
    installAdminAuth(admin, opts.adminAuth)
    readBodiesAsJson(admin)
    admin.post('/api/pull', async (req, reply) => pull(req, reply))
    // Settings' "Ollama keyless access".
    admin.get('/admin/settings/ollama-keyless', async () => opts.keyless.get())
    admin.put('/admin/settings/ollama-keyless', async (req) => {
      const b = bodyOf(req)
      return opts.keyless.set({ enabled: b.enabled === true, team: typeof b.team === 'string' && b.team !== '' ? b.team : null, creditCeiling: typeof b.creditCeiling === 'number' ? b.creditCeiling : Number.NaN })
    })
    admin.delete('/api/delete', async (req, reply) => {
      const name = nameOf(bodyOf(req))
      const { deleted } = await opts.localModels.remove(name)
      if (!deleted) return reply.code(404).send({ error: `model "${name}" not found` })
      return reply.code(200).send()
    })
  })

  async function answer(kind: OllamaKind, req: FastifyRequest, reply: FastifyReply) {
    const ctx = withKeepAlive(requestContext(req, reply, clock), bodyOf(req))
    const createdAt = () => isoTime(clock.now())
    const elapsedNs = () => (clock.now() - ctx.startedAt) * 1e6
    const planned = opts.ollama.plan(ctx, kind, bodyOf(req))
    if (!planned.chat.req.stream) {
      const { answer: body, served } = await opts.ollama.complete(planned, createdAt(), elapsedNs)
      return reply.headers(servedHeaders(served, clock.now() - ctx.startedAt)).send(body)
    }
    const opened = await opts.ollama.openStream(planned)
    openStreamReply(reply, servedHeaders(opened, clock.now() - ctx.startedAt), NDJSON_HEADERS)
    await opts.ollama.relay(planned, opened, (text) => writeWithBackpressure(reply.raw, text), createdAt, elapsedNs)
    reply.raw.end()
  }

  /** Ollama's pull: status lines as the download goes (`stream: false`: one line at the end). */
  async function pull(req: FastifyRequest, reply: FastifyReply) {
    const body = bodyOf(req)
    const name = nameOf(body)
    const signal = abortOnClientClose(reply).asAbortSignal()
    if (body.stream === false) {
      await opts.localModels.pull(name, signal, () => {})
      return { status: 'success' }
    }
    const lines: string[] = []
    let wake: (() => void) | null = null
    const push = (o: object) => {
      lines.push(`${JSON.stringify(o)}\n`)
      wake?.()
    }
    const running = opts.localModels.pull(name, signal, (p) => push({ status: `pulling ${name}`, digest: name, total: p.totalBytes ?? 0, completed: p.receivedBytes }))
    // Errors known at once (an unknown name) answer with their status, before any line is sent.
    const early = await Promise.race([running.then(() => null, (e: unknown) => e), new Promise((r) => setImmediate(r, null))])
    if (early) throw early
    openStreamReply(reply, {}, NDJSON_HEADERS)
    await writeWithBackpressure(reply.raw, `${JSON.stringify({ status: 'pulling manifest' })}\n`)
    let finished = false
    running.then(
      () => push({ status: 'success' }),
      (e: unknown) => push({ error: (e as Error).message }),
    ).finally(() => {
      finished = true
      wake?.()
    })
    while (!finished || lines.length > 0) {
      if (lines.length === 0) await new Promise<void>((r) => (wake = r))
      wake = null
      const batch = lines.splice(0).join('')
      if (batch) await writeWithBackpressure(reply.raw, batch)
    }
    reply.raw.end()
  }
}

/** Ollama's `keep_alive` body field: how long the model stays loaded after this request. */
function withKeepAlive(ctx: RequestContext, body: Record<string, unknown>): RequestContext {
  if (body.keep_alive === undefined || body.keep_alive === null) return ctx
  const seconds = parseKeepAliveSeconds(body.keep_alive)
  if (seconds === undefined) throw badRequest(`keep_alive ${KEEP_ALIVE_HINT}; got ${JSON.stringify(body.keep_alive)}.`, 'keep_alive')
  return { ...ctx, keepAliveSeconds: seconds }
}
