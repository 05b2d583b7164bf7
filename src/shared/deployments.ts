import { z } from 'zod'

/**
 * One model name served by several deployments (issue 27): each a provider and the upstream model id
 * there, with a weight. Shared by the config file and the admin API (`models[].deployments`).
 */
export const deploymentSchema = z.strictObject({
  provider: z.string().trim().min(1, 'must name a provider'),
  upstream: z.string().trim().min(1, 'must be the upstream model id on that provider, e.g. "gpt-4o-mini"'),
  weight: z.number().int().min(1, 'must be a whole number from 1 to 1000').max(1000, 'must be a whole number from 1 to 1000').optional(),
})
export type DeploymentSetting = z.infer<typeof deploymentSchema>

export const deploymentsSchema = z.array(deploymentSchema).min(1, 'lists at least one deployment (or leave deployments out)').max(64)

/** How requests are spread over a model's deployments: by weight (smooth weighted round robin) or to the one with fewest requests running. */
export const ROUTING_STRATEGIES = ['weighted', 'least_in_flight'] as const
export type RoutingStrategy = (typeof ROUTING_STRATEGIES)[number]
export const routingSchema = z.enum(ROUTING_STRATEGIES, { error: 'must be "weighted" (the default) or "least_in_flight"' })

/** Seconds a deployment that answered 429, 5xx or could not be reached rests when it sent no `retry-after`. */
export const DEFAULT_COOLDOWN_SECONDS = 30

/**
 * What is wrong with a model's deployments, for the config check and the admin API alike: each must
 * name a known provider of the model's own provider type (the model's kind and wire family come from
 * it), not a local one, and no two the same provider and upstream.
 */
export function deploymentProblem(
  model: { provider: string; deployments?: readonly DeploymentSetting[] | null },
  modelProviderType: string,
  typeOf: (providerId: string) => string | undefined,
): { param: string; message: string } | null {
  const seen = new Set<string>()
  for (const [i, d] of (model.deployments ?? []).entries()) {
    const param = `deployments[${i}].provider`
    const type = typeOf(d.provider)
    if (!type) return { param, message: `unknown provider "${d.provider}" in deployments[${i}]; add the provider first, or fix the name` }
    if (type === 'local') return { param, message: `deployments[${i}] is on the local provider "${d.provider}"; deployments spread a model over upstream providers only` }
    if (type !== modelProviderType) return { param, message: `deployments[${i}] is on the ${type} provider "${d.provider}", but the model's provider "${model.provider}" is ${modelProviderType}; every deployment must be on a ${modelProviderType} provider` }
    const key = `${d.provider}/${d.upstream}`
    if (seen.has(key)) return { param: `deployments[${i}]`, message: `deployments[${i}] repeats ${key}; raise its weight instead` }
    seen.add(key)
  }
  return null
}
