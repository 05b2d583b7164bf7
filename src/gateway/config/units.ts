const DURATION_UNITS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 }
const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }

/** `"24h"`, `"90m"`, `"30s"`, `"7d"` or a number of seconds -> seconds; undefined when unreadable. */
export function parseDurationSeconds(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/i.exec(value)
  return m ? Number(m[1]) * DURATION_UNITS[m[2]!.toLowerCase()]! : undefined
}

/** `"32mb"`, `"512kb"`, `"1gb"` or a number of bytes -> bytes; undefined when unreadable. */
export function parseSizeBytes(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : undefined
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)\s*$/i.exec(value)
  return m ? Math.floor(Number(m[1]) * SIZE_UNITS[m[2]!.toLowerCase()]!) : undefined
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GB`
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`
  return `${bytes} bytes`
}
