import { badRequest, GatewayError } from '../../../shared/errors'

/** What a gateway tool found: it goes into the model's context, numbered, and comes back as a citation. */
export interface Source {
  title: string
  url: string
  text: string
}

/** How much web search puts into the context (spec 2.4 `search_context_size`): results and characters. */
export const CONTEXT_SIZES = {
  low: { results: 3, chars: 3_000 },
  medium: { results: 5, chars: 8_000 },
  high: { results: 10, chars: 20_000 },
} as const

export type ContextSize = keyof typeof CONTEXT_SIZES

/** Cuts text to `max` characters at a word boundary, marking the cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${space > max * 0.8 ? cut.slice(0, space) : cut} …`
}

export const toolFailed = (status: number, code: string, message: string, param: string | null = null) =>
  new GatewayError({ status, type: status === 502 || status === 504 ? 'upstream_error' : 'invalid_request_error', code, message, param })

/** A two-letter country code and its main language (`FR` -> `fr`), from `geo_location` or `user_location.country`. */
export function regionOf(code: string | undefined, param: string): { country: string; language: string } | undefined {
  if (code === undefined) return undefined
  if (!/^[A-Za-z]{2}$/.test(code)) throw badRequest(`${param} must be a two-letter ISO 3166-1 country code such as "FR"; got ${JSON.stringify(code.slice(0, 40))}.`, param)
  const country = code.toUpperCase()
  let language = 'en'
  try {
    language = new Intl.Locale(`und-${country}`).maximize().language
  } catch {
    // an unassigned code keeps English
  }
  return { country, language }
}
