/** JSON text columns: parsed on read, written with JSON.stringify. */
export const readJson = <T>(text: string | null, fallback: T): T => (text === null ? fallback : (JSON.parse(text) as T))
export const writeJson = (value: unknown): string => JSON.stringify(value)
