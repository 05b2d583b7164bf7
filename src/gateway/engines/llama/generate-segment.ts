/**
 * One run of sampling on a sequence: evaluates `input`, then samples token after token until an
 * end-of-generation token, a stop string, the token budget, a finished grammar or cancellation.
 * Text is released through StopText, so a stop string never reaches the client, and logprobs come
 * from the sampler's own probabilities.
 */
import { type LlamaContextSequence, type LlamaGrammar, LlamaGrammarEvaluationState, type LlamaModel, type Token, TokenBias } from 'node-llama-cpp'
import type { LlamaSampling, LlamaTokenLogprob, LlamaTopLogprob } from './llama-protocol'
import { pauseFor } from './context-gate'
import { StopText } from './stop-text'

export interface SegmentOptions {
  sequence: LlamaContextSequence
  model: LlamaModel
  /** Evaluated before the first token is sampled; at least one token. */
  input: Token[]
  sampling: LlamaSampling
  grammar?: LlamaGrammar
  /** Tokens this segment may generate. */
  budget: number
  /** Null: no logprobs; else the alternatives per token. */
  topLogprobs: number | null
  /** Strings that end the segment; the text before the first one is the segment's text. */
  stops: string[]
  /** Tokens generated earlier in this answer (penalties count them; detokenizing uses them as context). */
  previous: Token[]
  signal: AbortSignal
  onText?: (text: string, logprobs: LlamaTokenLogprob[]) => void
  /** Ends the segment once the text so far satisfies it (the token that completed it stays unevaluated). */
  doneWhen?: (text: string) => boolean
}

export interface SegmentResult {
  text: string
  /** Tokens sampled (the completion tokens this segment cost). */
  tokens: Token[]
  logprobs: LlamaTokenLogprob[]
  end: 'eog' | 'stop' | 'length' | 'done' | 'aborted'
  /** The stop string that ended the segment. */
  stop?: string
  /** A sampled token not yet evaluated into the context: the next segment's input. */
  pending: Token | null
}

const MIN_LOGPROB = -9999

const logprobOf = (p: number | undefined) => (p !== undefined && p > 0 ? Math.max(MIN_LOGPROB, Math.log(p)) : MIN_LOGPROB)

export function tokenBiasFor(model: LlamaModel, logitBias: Record<string, number>): TokenBias | undefined {
  const entries = Object.entries(logitBias)
  if (entries.length === 0) return undefined
  const bias = new TokenBias(model.tokenizer)
  for (const [token, value] of entries) bias.set(Number(token) as Token, value <= -100 ? 'never' : { logit: value })
  return bias
}

export async function generateSegment(opts: SegmentOptions): Promise<SegmentResult> {
  const { sequence, model, sampling, topLogprobs, signal } = opts
  const stopText = new StopText<LlamaTokenLogprob>(opts.stops)
  const tokens: Token[] = []
  const logprobs: LlamaTokenLogprob[] = []
  const generated = [...opts.previous]
  // Tokens whose text is not yet whole (a UTF-8 character split over tokens).
  let partial: Token[] = []
  let partialLogprobs: LlamaTokenLogprob[] = []
  let end: SegmentResult['end'] = 'eog'
  let pending: Token | null = null

  const emit = (text: string, items: LlamaTokenLogprob[]) => {
    logprobs.push(...items)
    if (text || items.length) opts.onText?.(text, items)
  }
  if (opts.budget <= 0) return { text: '', tokens, logprobs, end: 'length', pending: null }

  const iterator = sequence.evaluateWithMetadata(
    opts.input,
    { confidence: topLogprobs !== null, probabilities: topLogprobs !== null && topLogprobs > 0 },
    {
      temperature: sampling.temperature,
      topP: sampling.topP,
      topK: 0,
      minP: 0,
      seed: sampling.seed,
      tokenBias: tokenBiasFor(model, sampling.logitBias),
      repeatPenalty:
        sampling.frequencyPenalty || sampling.presencePenalty
          ? { penalty: 1, frequencyPenalty: sampling.frequencyPenalty, presencePenalty: sampling.presencePenalty, punishTokens: () => generated.slice(-256), maxPunishTokens: 256 }
          : undefined,
      grammarEvaluationState: opts.grammar ? new LlamaGrammarEvaluationState({ model, grammar: opts.grammar }) : undefined,
    },
  )
  for await (const out of iterator) {
    const paused = pauseFor(sequence.context)
    if (paused) await paused
    if (signal.aborted) {
      end = 'aborted'
      break
    }
    const token = out.token
    tokens.push(token)
    const meta = out as { confidence?: number; probabilities?: Map<Token, number> }
    if (topLogprobs !== null) partialLogprobs.push(tokenLogprob(model, token, generated, meta.confidence, meta.probabilities, topLogprobs))
    partial.push(token)
    const piece = model.detokenize(partial, false, generated.slice(-8))
    generated.push(token)
    if (!piece.endsWith('\uFFFD') || partial.length >= 4) {
      const released = stopText.push(piece, partialLogprobs)
      emit(released.text, released.items)
      partial = []
      partialLogprobs = []
    }
    if (stopText.stopped) {
      end = 'stop'
      pending = token
      break
    }
    if (opts.doneWhen?.(stopText.text)) {
      end = 'done'
      pending = token
      break
    }
    if (tokens.length >= opts.budget) {
      end = 'length'
      pending = token
      break
    }
  }
  if (!stopText.stopped) {
    const released = stopText.flush()
    emit(released.text, released.items)
  }
  return { text: stopText.text, tokens, logprobs, end, stop: stopText.stopped?.stop, pending }
}

function tokenLogprob(model: LlamaModel, token: Token, before: Token[], confidence: number | undefined, probabilities: Map<Token, number> | undefined, top: number): LlamaTokenLogprob {
  const entry = (t: Token, p: number | undefined): LlamaTopLogprob => {
    const text = model.detokenize([t], false, before.slice(-8))
    return { token: text, logprob: logprobOf(p), bytes: [...Buffer.from(text, 'utf8')] }
  }
  const alternatives: LlamaTopLogprob[] = []
  if (probabilities) {
    for (const [t, p] of probabilities) {
      if (alternatives.length >= top) break
      alternatives.push(entry(t, p))
    }
  }
  return { ...entry(token, confidence ?? probabilities?.get(token)), top: alternatives }
}
