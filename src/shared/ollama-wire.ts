/** Settings' "Ollama keyless access" (GET/PUT /admin/settings/ollama-keyless). */
export interface OllamaKeylessSettings {
  enabled: boolean
  /** The team keyless requests act as, by name. */
  team: string | null
  /** Credits keyless requests may spend in all. */
  creditCeiling: number
}
