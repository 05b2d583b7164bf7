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
