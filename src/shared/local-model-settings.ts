/**
 * A local llama model's own engine settings, as the config file and the admin API spell them; each
 * unset one is the engine's (`engines.llama_*`). `keep_alive` reads like Ollama's: seconds, a duration
 * ("5m", "1h"), 0 (unload after each request) or negative (stay loaded).
 */
import { z } from 'zod'

export const MAX_LOCAL_PARALLEL = 16

/** `engines.gpu`: the best GPU build that loads, none, or one by name. */
export const GPU_SETTINGS = ['auto', 'off', 'metal', 'cuda', 'vulkan'] as const
export type GpuSetting = (typeof GPU_SETTINGS)[number]

const KEEP_ALIVE = /^(-)?(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/i
const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 }

/** Seconds (negative: stay loaded), or undefined when unreadable. */
export function parseKeepAliveSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? (value < 0 ? -1 : value) : undefined
  if (typeof value !== 'string') return undefined
  const m = KEEP_ALIVE.exec(value.trim())
  if (!m) return undefined
  return m[1] ? -1 : Number(m[2]) * UNIT_SECONDS[(m[3] ?? 's').toLowerCase()]!
}

export const KEEP_ALIVE_HINT = 'must be seconds or a duration such as "5m", "1h"; 0 unloads the model after the request, a negative value keeps it loaded'

const keepAlive = z.union([z.number(), z.string()]).refine((v) => parseKeepAliveSeconds(v) !== undefined, KEEP_ALIVE_HINT).transform((v) => parseKeepAliveSeconds(v)!)

/** The fields, for the config's and the admin API's model schemas. */
export const localModelSettingsFields = {
  parallel: z.number().int().min(1).max(MAX_LOCAL_PARALLEL, `must be from 1 to ${MAX_LOCAL_PARALLEL}`).nullable().optional(),
  context_size: z.number().int().min(256).max(131072, 'must be from 256 to 131072 tokens').nullable().optional(),
  keep_alive: keepAlive.nullable().optional(),
  gpu_layers: z.union([z.literal('auto'), z.number().int().min(0).max(1000)], { error: 'must be "auto" or a number of layers (0 keeps the model on the CPU)' }).nullable().optional(),
}

/** As stored on the model row (`options.local`) and handed to the engine. */
export interface LocalModelSettings {
  parallel?: number
  contextSize?: number
  /** Negative: stays loaded. */
  keepAliveSeconds?: number
  gpuLayers?: number | 'auto'
}

export interface LocalModelSettingsWire {
  parallel?: number | null
  context_size?: number | null
  keep_alive?: number | null
  gpu_layers?: number | 'auto' | null
}

export function localSettingsOf(wire: LocalModelSettingsWire): LocalModelSettings | undefined {
  const s: LocalModelSettings = {
    ...(wire.parallel != null ? { parallel: wire.parallel } : {}),
    ...(wire.context_size != null ? { contextSize: wire.context_size } : {}),
    ...(wire.keep_alive != null ? { keepAliveSeconds: wire.keep_alive } : {}),
    ...(wire.gpu_layers != null ? { gpuLayers: wire.gpu_layers } : {}),
  }
  return Object.keys(s).length ? s : undefined
}

export function localSettingsWire(s: LocalModelSettings | undefined): Required<LocalModelSettingsWire> {
  return { parallel: s?.parallel ?? null, context_size: s?.contextSize ?? null, keep_alive: s?.keepAliveSeconds ?? null, gpu_layers: s?.gpuLayers ?? null }
}
