import type { ConfigIssue } from './config-error'
import { isAbsolute } from 'node:path'
import { deploymentProblem } from '../../shared/deployments'
import { modelKind } from '../../shared/model-kind'
import { keyOf, type ConfigKey, type RawConfig } from './config-schema'

type Env = Readonly<Record<string, string | undefined>>

/** Checks what a schema cannot: that names are unique and every reference points at something that exists. */
export function crossCheckConfig(config: RawConfig, env: Env): ConfigIssue[] {
  const issues: ConfigIssue[] = []
  const add = (path: string, message: string) => issues.push({ path, message })
  const providers = config.providers ?? []
  const models = config.models ?? []
  const teams = config.teams ?? []
  const users = config.users ?? []

  const providerTypes = new Map<string, string>()
  providers.forEach((p, i) => {
    if (providerTypes.has(p.id)) add(`providers[${i}].id`, `duplicate provider id "${p.id}"`)
    providerTypes.set(p.id, p.type)
    if (p.type === 'local' && (p.base_url || p.api_key)) add(`providers[${i}]`, 'a local provider takes no base_url or api_key')
    if (p.responses === 'native' && p.type !== 'openai') add(`providers[${i}].responses`, `only an openai-type provider can serve the Responses API natively; remove it from the ${p.type} provider "${p.id}"`)
    const ref = p.api_key?.startsWith('env:') ? p.api_key.slice(4) : undefined
    if (ref !== undefined && !ref) add(`providers[${i}].api_key`, 'write "env:NAME" with the name of an environment variable')
    else if (ref && !env[ref]) add(`providers[${i}].api_key`, `environment variable ${ref} is not set (set it, or put the key itself in the file)`)
  })

  const braveKey = config.tools?.web_search?.brave_api_key
  const braveRef = braveKey?.startsWith('env:') ? braveKey.slice(4) : undefined
  if (braveRef !== undefined && !braveRef) add('tools.web_search.brave_api_key', 'write "env:NAME" with the name of an environment variable')
  else if (braveRef && !env[braveRef]) add('tools.web_search.brave_api_key', `environment variable ${braveRef} is not set (set it, or put the key itself in the file)`)

  const modelNames = new Set<string>()
  const modelIds = new Set<string>()
  const taken = new Map<string, string>()
  models.forEach((m, i) => {
    if (modelNames.has(m.name)) add(`models[${i}].name`, `duplicate model name "${m.name}"`)
    modelNames.add(m.name)
    if (m.id) {
      if (modelIds.has(m.id)) add(`models[${i}].id`, `duplicate model id "${m.id}"`)
      modelIds.add(m.id)
    }
    const type = providerTypes.get(m.provider)
    if (!type) {
      const known = [...providerTypes.keys()].map((k) => `"${k}"`).join(', ') || 'none are configured'
      add(`models[${i}].provider`, `unknown provider "${m.provider}" (known: ${known})`)
    } else if (type === 'local') {
      if (!m.engine) add(`models[${i}].engine`, 'a model on a local provider needs an engine: whisper, tts or llama')
      else if (m.engine === 'llama' && m.file && !isAbsolute(m.file)) {
        add(`models[${i}].file`, `must be the absolute path of a .gguf file; got "${m.file}" (or leave file out to use the installed model named "${m.name}")`)
      }
    } else {
      if (!m.upstream) add(`models[${i}].upstream`, `a model on the ${type} provider "${m.provider}" needs the upstream model id, e.g. upstream: gpt-4o-mini`)
      if (m.engine) add(`models[${i}].engine`, 'engine applies only to models on a local provider')
      const problem = deploymentProblem(m, type, (id) => providerTypes.get(id))
      if (problem) add(`models[${i}].${problem.param}`, problem.message)
    }
    for (const label of [m.name, ...(m.aliases ?? [])]) {
      const owner = taken.get(label)
      if (owner !== undefined && owner !== m.name) add(`models[${i}].aliases`, `"${label}" already names model "${owner}"`)
      taken.set(label, m.name)
    }
  })

  const mcpLabels = new Set<string>()
  ;(config.mcp_servers ?? []).forEach((s, i) => {
    if (mcpLabels.has(s.label)) add(`mcp_servers[${i}].label`, `duplicate MCP server label "${s.label}"`)
    mcpLabels.add(s.label)
  })
  const teamNames = new Set<string>()
  const seenKeys = new Set<string>()
  const checkKeys = (keys: ConfigKey[] | undefined, path: string) =>
    keys?.map(keyOf).forEach((k, j) => {
      if (seenKeys.has(k)) add(`${path}.keys[${j}]`, 'this key is already given to another team or user; every key must be unique')
      seenKeys.add(k)
    })
  const checkModel = (label: string, path: string) => {
    if (!modelNames.has(label)) add(path, `unknown model "${label}" (use a name from models[].name)`)
  }

  teams.forEach((t, i) => {
    if (teamNames.has(t.name)) add(`teams[${i}].name`, `duplicate team name "${t.name}"`)
    teamNames.add(t.name)
    t.models?.forEach((m, j) => checkModel(m, `teams[${i}].models[${j}]`))
    for (const [from, list] of Object.entries(t.fallbacks ?? {})) {
      checkModel(from, `teams[${i}].fallbacks.${from}`)
      list.forEach((to, j) => {
        checkModel(to, `teams[${i}].fallbacks.${from}[${j}]`)
        if (to === from) add(`teams[${i}].fallbacks.${from}[${j}]`, 'a model cannot fall back to itself')
      })
    }
    checkKeys(t.keys, `teams[${i}]`)
    for (const m of Object.keys(t.model_limits ?? {})) checkModel(m, `teams[${i}].model_limits.${m}`)
    t.mcp_servers?.forEach((entry, j) => {
      const label = typeof entry === 'string' ? entry : entry.label
      if (!mcpLabels.has(label)) add(`teams[${i}].mcp_servers[${j}]`, `unknown MCP server "${label}" (use a label from mcp_servers[].label)`)
    })
  })

  for (const [field, kind, engine] of [
    ['chat_transcription_model', 'transcription', 'whisper'],
    ['chat_speech_model', 'speech', 'tts'],
  ] as const) {
    const wanted = config.audio?.[field]
    if (wanted === undefined) continue
    const model = models.find((m) => m.name === wanted)
    if (!model) add(`audio.${field}`, `unknown model "${wanted}" (use a name from models[].name, e.g. a model with engine: ${engine})`)
    else if (modelKind(model) !== kind) add(`audio.${field}`, `"${wanted}" is a ${modelKind(model)} model; name a ${kind} model (engine: ${engine}, or an upstream one)`)
  }

  const userNames = new Set<string>()
  users.forEach((u, i) => {
    if (userNames.has(u.name)) add(`users[${i}].name`, `duplicate user name "${u.name}"`)
    userNames.add(u.name)
    if (!teamNames.has(u.team)) add(`users[${i}].team`, `unknown team "${u.team}" (use a name from teams[].name)`)
    checkKeys(u.keys, `users[${i}]`)
  })
  return issues
}
