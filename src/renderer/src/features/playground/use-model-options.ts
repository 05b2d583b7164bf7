import { useMemo } from 'react'
import { modelOptions, type ModelOption } from '../../lib/model-options'
import { useAppStore } from '../../stores/app-store'

/** The model picker's options for the team the playground calls as. */
export function useModelOptions(): ModelOption[] {
  const catalog = useAppStore((s) => s.catalog)
  const teamId = useAppStore((s) => s.access.teamId)
  return useMemo(() => {
    const team = catalog.teams.find((t) => t.id === teamId) ?? catalog.teams.find((t) => t.name === 'default') ?? catalog.teams[0]
    return modelOptions(catalog.models, catalog.providers, catalog.agents, team)
  }, [catalog, teamId])
}
