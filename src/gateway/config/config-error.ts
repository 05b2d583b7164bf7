export interface ConfigIssue {
  /** `models[2].provider` */
  path: string
  message: string
}

/** A config that cannot be used. Its message names every bad field, one a line; no stack is shown to people. */
export class ConfigError extends Error {
  readonly issues: ConfigIssue[]
  constructor(source: string, issues: ConfigIssue[]) {
    super(`Invalid config ${source}:\n${issues.map((i) => `  ${i.path ? `${i.path}: ` : ''}${i.message}`).join('\n')}`)
    this.name = 'ConfigError'
    this.issues = issues
  }
}
