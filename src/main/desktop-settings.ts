import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomicSync } from '../gateway/blobs/atomic-file'

export const DEFAULT_PORT = 4310

const bounds = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().min(200), height: z.number().int().min(200), maximized: z.boolean().default(false) })

export const DEFAULT_DICTATION_SHORTCUT = 'CommandOrControl+Shift+Space'

const dictation = z.object({
  enabled: z.boolean().default(false),
  shortcut: z.string().min(1).default(DEFAULT_DICTATION_SHORTCUT),
  mode: z.enum(['hold', 'toggle']).default('hold'),
  /** The speech-to-text model; empty means the first one the gateway offers. */
  model: z.string().default(''),
  /** ISO-639-1 code, empty to detect. */
  language: z.string().default(''),
})

const settingsSchema = z.object({
  port: z.number().int().min(1).max(65_535).default(DEFAULT_PORT),
  window: bounds.nullable().default(null),
  dictation: dictation.default(dictation.parse({})),
})

export type WindowBounds = z.infer<typeof bounds>
export type DesktopSettings = z.infer<typeof settingsSchema>
export type DictationSettings = z.infer<typeof dictation>

export const SETTINGS_FILE = 'desktop-settings.json'

/**
 * The desktop app's own settings (port, window placement) in `<userData>/desktop-settings.json`. A file
 * that is missing or unreadable gives the defaults, field by field: a bad window size never costs the port.
 */
export function loadDesktopSettings(dir: string): DesktopSettings {
  let raw: Record<string, unknown> = {}
  try {
    raw = JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')) as Record<string, unknown>
  } catch {
    // first start, or a file cut short: defaults
  }
  const out = settingsSchema.parse({})
  for (const key of Object.keys(out) as Array<keyof DesktopSettings>) {
    const field = settingsSchema.shape[key].safeParse(raw[key])
    if (field.success) (out as Record<string, unknown>)[key] = field.data
  }
  return out
}

export function saveDesktopSettings(dir: string, settings: DesktopSettings): void {
  const file = join(dir, SETTINGS_FILE)
  writeFileAtomicSync(file, JSON.stringify(settingsSchema.parse(settings), null, 2), 0o644)
}

/** Checks a port typed by the user; the message names the field and the fix. */
export function parsePort(value: unknown): { port: number } | { error: string } {
  const port = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1024 || port > 65_535) {
    return { error: `port: must be a whole number from 1024 to 65535; got ${JSON.stringify(value)}` }
  }
  return { port }
}

export interface DisplayArea {
  x: number
  y: number
  width: number
  height: number
}

/**
 * Where to open the window: the saved placement when it is still on a screen (a monitor may have been
 * unplugged since), else undefined for a centred default.
 */
export function placeWindow(saved: WindowBounds | null, displays: DisplayArea[]): WindowBounds | undefined {
  if (!saved) return undefined
  const visible = displays.find((d) => {
    const w = Math.min(saved.x + saved.width, d.x + d.width) - Math.max(saved.x, d.x)
    const h = Math.min(saved.y + saved.height, d.y + d.height) - Math.max(saved.y, d.y)
    // enough of the title bar on this screen to grab it
    return w >= 100 && h >= 50 && saved.y >= d.y - 10
  })
  if (!visible) return undefined
  return { ...saved, width: Math.min(saved.width, visible.width), height: Math.min(saved.height, visible.height) }
}

const MODIFIERS = new Set(['command', 'cmd', 'control', 'ctrl', 'commandorcontrol', 'cmdorctrl', 'alt', 'option', 'altgr', 'shift', 'super', 'meta'])
const KEY = /^([a-z0-9]|f([1-9]|1[0-9]|2[0-4])|space|tab|backspace|delete|insert|return|enter|up|down|left|right|home|end|pageup|pagedown|escape|esc|[`\-=[\];',./\\])$/i

/**
 * Checks dictation settings sent by the page, field by field; the message names the field and the fix.
 * The shortcut must be an Electron accelerator with at least one modifier (a bare key would be taken
 * from every other app).
 */
export function parseDictationSettings(value: unknown): { dictation: DictationSettings } | { error: string } {
  const parsed = dictation.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { error: `dictation.${issue.path.join('.')}: ${issue.message}` }
  }
  const parts = parsed.data.shortcut.split('+').map((p) => p.trim())
  const key = parts.at(-1) ?? ''
  const mods = parts.slice(0, -1)
  if (!mods.length || mods.some((m) => !MODIFIERS.has(m.toLowerCase())) || !KEY.test(key)) {
    return { error: `dictation.shortcut: give one or more modifiers and a key, such as ${DEFAULT_DICTATION_SHORTCUT} or Alt+F9; got ${JSON.stringify(parsed.data.shortcut)}` }
  }
  return { dictation: { ...parsed.data, shortcut: parts.join('+') } }
}
