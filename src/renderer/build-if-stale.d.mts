export interface StaleBuild {
  what: string
  output: string
  inputs: string[]
  config: string
  missing: string
}
export const webRenderer: StaleBuild
export const gatewayBundle: StaleBuild
export function buildIfStale(build: StaleBuild): boolean
/** The newest mtime (ms) of a path and everything under it; 0 when it is missing. */
export function newestMtime(path: string): number
