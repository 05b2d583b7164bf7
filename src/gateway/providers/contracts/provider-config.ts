import type { LocalModelSettings } from '../../../shared/local-model-settings'
import type { RequestSignal } from '../../kernel/client-signal'
/** What a provider is built from: the settings of one provider, its secret resolved. Never a store row. */
export type ProviderType = 'openai' | 'anthropic' | 'local'

export interface UpstreamTimeouts {
  connectMs: number
  firstByteMs: number
  totalMs: number
}

/** How much of an upstream reply the gateway reads before it gives up with a 502 naming the limit. */
export interface UpstreamLimits {
  /** A whole reply that is not server-sent events (JSON, audio, an error body). */
  maxReplyBytes: number
  /** One server-sent event (its lines up to the blank line that ends it); a stream itself may run on. */
  maxEventBytes: number
}

export interface ProviderConfig {
  id: string
  type: ProviderType
  /** Null: the provider type's own default (api.openai.com, api.anthropic.com). */
  baseUrl: string | null
  apiKey: string | undefined
  /** Extra headers sent upstream. */
  headers: Record<string, string>
  timeouts: UpstreamTimeouts
  limits: UpstreamLimits
  /** Changes whenever the provider's settings change: providers and connection pools are cached on it. */
  version: number
}

/** The model a call is for: the name clients know, the id the upstream knows, a local model's file. */
export interface ModelRef {
  id: string
  name: string
  /** The upstream model id (our name when none is set). */
  upstream: string
  /** A local model's file, when the config names one. */
  file: string | null
  /** A local model's own engine settings (parallel, context size, keep_alive, GPU layers), when it has any. */
  local?: LocalModelSettings
}

/** Every provider call gets its context: the model, the request id, and a signal that aborts when the client leaves. */
export interface CallContext {
  signal: RequestSignal
  requestId: string
  model: ModelRef
  /** How long a local model stays loaded after this request, in seconds (negative: stays); over the model's own keep_alive. */
  keepAliveSeconds?: number
}
