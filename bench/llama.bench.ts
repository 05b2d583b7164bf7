import { getLlama, LlamaLogLevel, TokenBias, type Token } from 'node-llama-cpp'
import { renderPrompt } from '../src/gateway/engines/llama/llama-prompt'
import { defaultLlamaThreads } from '../src/gateway/engines/llama/llama-threads'
import { collect, startLlamaHarness } from '../test/support/llama-harness'
import { TEST_LLAMA_MODEL } from '../test/support/llama-models'

/**
 * Local chat through the llama provider (engine-host worker, IPC per token, chunks) against
 * node-llama-cpp called directly in this process on the same model, prompt, threads and greedy
 * sampling, with the end-of-sequence token banned so both make exactly TOKENS tokens. One run each,
 * after one warm-up. Then provider throughput at 1, 2 and 4 requests at once (4 sequences per model).
 */
const TOKENS = Number(process.env.BENCH_LLAMA_TOKENS ?? 1000)
const PROMPT = 'Once upon a time'

const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 0, logLevel: LlamaLogLevel.error })
const model = await llama.loadModel({ modelPath: TEST_LLAMA_MODEL })
const threads = defaultLlamaThreads(llama.cpuMathCores)
const eos = model.tokens.eos!
const prompt = renderPrompt(model, [{ role: 'user', text: PROMPT }], [])

async function direct(): Promise<{ ttftMs: number; tokensPerSecond: number }> {
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
  return { ttftMs: first, tokensPerSecond: n / seconds }
}

// The baseline runs first, alone: an idle llama.cpp worker's threads still spin for a while and would slow it.
await direct()
const base = await direct()

const h = startLlamaHarness({ concurrency: 4, maxModels: 1 })
const body = (seed: number) => ({ messages: [{ role: 'user', content: PROMPT }], temperature: seed === 0 ? 0 : 1, seed, max_completion_tokens: TOKENS, logit_bias: { [String(eos)]: -100 } })

async function viaProvider(seed = 0): Promise<{ ttftMs: number; tokensPerSecond: number; tokens: number }> {
  const t0 = performance.now()
  const stream = await h.stream(body(seed))
  let first = 0
  const chunks = []
  for await (const chunk of stream) {
    if (!first && chunk.choices[0]?.delta.content) first = performance.now() - t0
    chunks.push(chunk)
  }
  const seconds = (performance.now() - t0) / 1000
  const tokens = stream.reportedUsage()!.completion_tokens
  return { ttftMs: first, tokensPerSecond: tokens / seconds, tokens }
}

await collect(await h.stream({ ...body(0), max_completion_tokens: 5 }))
const ours = await viaProvider()
console.log(`stories260K, ${TOKENS} tokens, ${threads} thread(s), greedy`)
console.log(`  node-llama-cpp direct: ${base.tokensPerSecond.toFixed(0)} tokens/s, first token ${base.ttftMs.toFixed(1)} ms`)
console.log(`  through the provider:  ${ours.tokensPerSecond.toFixed(0)} tokens/s, first token ${ours.ttftMs.toFixed(1)} ms (${ours.tokens} tokens)`)
console.log(`  ratio (provider / direct): tokens/s ${(ours.tokensPerSecond / base.tokensPerSecond).toFixed(3)}, time to first token ${(ours.ttftMs / base.ttftMs).toFixed(2)}x`)

for (const concurrent of [1, 2, 4]) {
  const t0 = performance.now()
  const runs = await Promise.all(Array.from({ length: concurrent }, (_, i) => viaProvider(i + 1)))
  const seconds = (performance.now() - t0) / 1000
  const tokens = runs.reduce((s, r) => s + r.tokens, 0)
  const ttft = runs.map((r) => r.ttftMs).sort((a, b) => a - b)
  console.log(`  ${concurrent} at once: ${(tokens / seconds).toFixed(0)} tokens/s in all, first token ${ttft[0]!.toFixed(0)}-${ttft.at(-1)!.toFixed(0)} ms`)
}
await h.close()
await model.dispose()
await llama.dispose()
