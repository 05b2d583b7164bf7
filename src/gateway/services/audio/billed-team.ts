import { badRequest } from '../../../shared/errors'
import type { TeamRow } from '../../store/repos/teams-repo'
import type { Store } from '../../store/store'

/**
 * The team a gateway-made request (a summary, a watch folder's transcription) runs as and bills: the one
 * named, else the recording's, else the only team there is; `param` names where to name one.
 */
export function billedTeam(store: Store, ref: string | undefined, recordingTeam: string | null, param = 'team'): TeamRow {
  if (ref) {
    const team = store.teams.getByIdOrName(ref)
    if (!team) throw badRequest(`${param}: no team "${ref}"; give a team's name or id (GET /admin/teams lists them).`, param, 'team_not_found')
    return team
  }
  const team = recordingTeam ? store.teams.get(recordingTeam) : undefined
  if (team) return team
  const all = store.teams.list()
  if (all.length === 1) return all[0]!
  throw badRequest(`${param}: there are ${all.length} teams, so name the team whose credits pay for this (its name or id).`, param, 'team_required')
}
