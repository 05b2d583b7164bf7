import type { Clock, IdGenerator } from '../kernel/runtime'
import type { Store } from '../store/store'
import type { KeyService } from './keys/key-service'
import { isoTime } from '../kernel/iso-time'

const FIRST_RUN_DONE = 'first_run_key_issued'

/**
 * On the very first start of a data dir with no usable key, issues one team key so the gateway can be
 * used at all. Returns it for a one-time display; never again on later starts.
 */
export function issueFirstRunKey(
  store: Store,
  keys: KeyService,
  clock: Clock,
  ids: IdGenerator,
): { teamName: string; plaintext: string } | null {
  if (store.settings.get(FIRST_RUN_DONE)) return null
  return store.transaction(() => {
    store.settings.set(FIRST_RUN_DONE, isoTime(clock.now()))
    if (store.keys.countUsable(clock.now()) > 0) return null
    const team =
      store.teams.list()[0] ??
      store.teams.upsert({ id: ids.uuid(), name: 'default', models: null, fallbacks: {}, useFallbacks: true, source: 'admin' }, clock.now())
    const issued = keys.issue({ teamId: team.id }, { name: 'first run', source: 'first-run' })
    return { teamName: team.name, plaintext: issued.plaintext }
  })
}
