import { rmSync } from 'node:fs'
import { createParser } from 'eventsource-parser'
import { getLlama, LlamaLogLevel, TokenBias, type Token } from 'node-llama-cpp'
import { Pool } from 'undici'
import { renderPrompt } from '../src/gateway/engines/llama/llama-prompt'
import { defaultLlamaThreads } from '../src/gateway/engines/llama/llama-threads'
import { TEST_LLAMA_MODEL } from '../test/support/llama-models'
import { startBenchGateway } from './support/bench-gateway'
import { childPidsOf, cpuUsageOf, procCpuUs, reportCpuUsage } from './support/processes'

/**
 * Local chat through the whole gateway (`serve` in its own process, HTTP, SSE, the pipeline, the llama
 * engine's worker) against node-llama-cpp called directly in this process, on the same model, prompt,
 * threads and greedy sampling, with the end-of-sequence token banned so both make exactly TOKENS tokens.
 * After a warm-up of each, the two alternate for BENCH_LLAMA_ROUNDS rounds (default 3) so background load
 * falls on both, and the medians are compared. Then the gateway's throughput at 1, 2 and 4 requests at once
 * (the model's own `parallel: 4` over the engine's `llama_concurrency: 1`: one context, one sequence per
 * request), and four requests at once against the same four one after another, as a ratio of total times.
 */
const TOKENS = Number(process.env.BENCH_LLAMA_TOKENS ?? 1000)
const ROUNDS = Number(process.env.BENCH_LLAMA_ROUNDS ?? 5)
const PROMPT = 'Once upon a time'
const KEY = 'bench-llama-team-key-0123456789abcdef'

const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 0, logLevel: LlamaLogLevel.error })
const model = await llama.loadModel({ modelPath: TEST_LLAMA_MODEL })
const threads = defaultLlamaThreads(llama.cpuMathCores)
const eos = model.tokens.eos!
const prompt = renderPrompt(model, [{ role: 'user', text: PROMPT }], [])

interface Run {
  ttftMs: number
  tokensPerSecond: number
  tokens: number
}

async function direct(): Promise<Run> {
  const context = await model.createContext({ contextSize: 2048, sequences: 1, threads, flashAttention: false })
  const sequence = context.getSequence()
  const bias = new TokenBias(model.tokenizer).set(eos as Token, 'never')
  const t0 = performance.now()
  let first = 0
  let n = 0
  for await (const token of sequence.evaluate(prompt.tokens, { temperature: 0, tokenBias: bias })) {
    void model.detokenize([token])
    if (n++ === 0) first = performance.now() - t0
    if (n >= TOKENS) break
  }
  const seconds = (performance.now() - t0) / 1000
  await context.dispose()
  return { ttftMs: first, tokensPerSecond: n / seconds, tokens: n }
}

const gateway = await startBenchGateway('', KEY, {
  nodeFlags: reportCpuUsage,
  ipc: true,
  config: {
    providers: [{ id: 'local', type: 'local' }],
    models: [{ name: 'stories', provider: 'local', engine: 'llama', file: TEST_LLAMA_MODEL, parallel: 4 }],
    engines: { llama_concurrency: 1, llama_max_models: 1, llama_context_size: 2048 },
  },
})
const pool = new Pool(gateway.url, { connections: 8 })

/** One streamed completion over HTTP, read as a client reads it: time to the first content, then every chunk to [DONE]. */
async function viaGateway(seed = 0, tokens = TOKENS): Promise<Run> {
  const body = JSON.stringify({
    model: 'stories',
    messages: [{ role: 'user', content: PROMPT }],
    temperature: seed === 0 ? 0 : 1,
    seed,
    max_completion_tokens: tokens,
    logit_bias: { [String(eos)]: -100 },
    stream: true,
    stream_options: { include_usage: true },
  })
  const t0 = performance.now()
  const res = await pool.request({ method: 'POST', path: '/v1/chat/completions', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body })
  if (res.statusCode !== 200) throw new Error(`gateway answered ${res.statusCode}: ${await res.body.text()}`)
  let first = 0
  let completion = 0
  const parser = createParser({
    onEvent: (event) => {
      if (event.data === '[DONE]') return
      const chunk = JSON.parse(event.data) as { choices: Array<{ delta: { content?: string } }>; usage: { completion_tokens: number } | null }
      if (!first && chunk.choices[0]?.delta.content) first = performance.now() - t0
      if (chunk.usage) completion = chunk.usage.completion_tokens
    },
  })
  for await (const data of res.body) parser.feed(data.toString())
  const seconds = (performance.now() - t0) / 1000
  return { ttftMs: first, tokensPerSecond: completion / seconds, tokens: completion }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

try {
  await direct()
  await viaGateway()
  const base: Run[] = []
  const ours: Run[] = []
  // CPU time per token, which background load on the machine hardly changes (wall-clock figures it does).
  const worker = childPidsOf(gateway.child.pid!)?.[0]
  const cpu = { direct: 0, worker: 0, gateway: 0, client: 0 }
  const ownCpu = () => process.cpuUsage().user + process.cpuUsage().system
  for (let r = 0; r < ROUNDS; r++) {
    let mine = ownCpu()
    base.push(await direct())
    cpu.direct += ownCpu() - mine
    const [gateway0, worker0] = [await cpuUsageOf(gateway.child), worker ? procCpuUs(worker) : null]
    mine = ownCpu()
    ours.push(await viaGateway())
    cpu.client += ownCpu() - mine
    cpu.gateway += (await cpuUsageOf(gateway.child)) - gateway0
    if (worker && worker0 !== null) cpu.worker += (procCpuUs(worker) ?? worker0) - worker0
  }
  const perToken = (us: number, runs: Run[]) => us / runs.reduce((n, x) => n + x.tokens, 0)
  const b = { tps: median(base.map((x) => x.tokensPerSecond)), ttft: median(base.map((x) => x.ttftMs)) }
  const g = { tps: median(ours.map((x) => x.tokensPerSecond)), ttft: median(ours.map((x) => x.ttftMs)) }
  console.log(`stories260K, ${TOKENS} tokens, ${threads} llama.cpp thread(s), greedy, median of ${ROUNDS} alternating rounds`)
  console.log(`  node-llama-cpp direct:  ${b.tps.toFixed(0)} tokens/s, first token ${b.ttft.toFixed(1)} ms (rounds: ${base.map((x) => x.tokensPerSecond.toFixed(0)).join(', ')})`)
  console.log(`  through the gateway:    ${g.tps.toFixed(0)} tokens/s, first token ${g.ttft.toFixed(1)} ms (rounds: ${ours.map((x) => x.tokensPerSecond.toFixed(0)).join(', ')})`)
  console.log(`  ratio (gateway / direct): tokens/s ${(g.tps / b.tps).toFixed(3)}, time to first token ${(g.ttft / b.ttft).toFixed(2)}x`)
  const workerCpu = worker ? `llama worker ${perToken(cpu.worker, ours).toFixed(0)} µs (${(perToken(cpu.direct, base) / perToken(cpu.worker, ours)).toFixed(2)}x direct's speed per CPU second), ` : ''
  console.log(
    `  CPU per token: direct ${perToken(cpu.direct, base).toFixed(0)} µs; through the gateway ${workerCpu}gateway process ${perToken(cpu.gateway, ours).toFixed(0)} µs, this client ${perToken(cpu.client, ours).toFixed(0)} µs`,
  )

  for (const concurrent of [1, 2, 4]) {
    const t0 = performance.now()
    const runs = await Promise.all(Array.from({ length: concurrent }, (_, i) => viaGateway(i + 1)))
    const seconds = (performance.now() - t0) / 1000
    const tokens = runs.reduce((s, r) => s + r.tokens, 0)
    const ttft = runs.map((r) => r.ttftMs).sort((x, y) => x - y)
    console.log(`  ${concurrent} at once through the gateway: ${(tokens / seconds).toFixed(0)} tokens/s in all, first token ${ttft[0]!.toFixed(0)}-${ttft.at(-1)!.toFixed(0)} ms`)
  }

  // parallel: 4 on the model: four requests decoded together against the same four one after another.
  const seeds = [11, 12, 13, 14]
  const sequential: number[] = []
  const together: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    let t0 = performance.now()
    for (const seed of seeds) await viaGateway(seed)
    sequential.push(performance.now() - t0)
    t0 = performance.now()
    await Promise.all(seeds.map((seed) => viaGateway(seed)))
    together.push(performance.now() - t0)
  }
  const [seqMs, parMs] = [median(sequential), median(together)]
  console.log(`  four requests, parallel: 4: one after another ${seqMs.toFixed(0)} ms, at once ${parMs.toFixed(0)} ms; ratio (sequential / at once) ${(seqMs / parMs).toFixed(2)}x`)
} finally {
  await pool.close()
  gateway.child.kill()
  rmSync(gateway.dir, { recursive: true, force: true })
  await model.dispose()
  await llama.dispose()
}
