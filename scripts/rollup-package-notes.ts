import type { Rollup } from 'vite'

/**
 * Rollup's notes on comments inside packages that it cannot read as annotations: not ours to fix, and printed
 * by the first `npm run serve` after an install (both bundles) and by every rebuild. Anything else still prints.
 */
export function withoutPackageAnnotationNotes(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction): void {
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return
  warn(warning)
}
