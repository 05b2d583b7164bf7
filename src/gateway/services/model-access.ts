import type { ModelRow } from '../store/repos/models-repo'
import type { TeamRow } from '../store/repos/teams-repo'
import type { Store } from '../store/store'

/** The models a team may call: its list, or every model when the team lists none (`models` omitted). */
export function enabledModels(store: Store, team: TeamRow): readonly ModelRow[] {
  const all = store.models.list()
  if (team.models === null) return all
  const allowed = new Set(team.models)
  return all.filter((m) => allowed.has(m.name))
}
