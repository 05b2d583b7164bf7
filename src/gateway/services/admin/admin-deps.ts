import type { Clock, IdGenerator } from '../../kernel/runtime'
import type { SecretCipher } from '../../security/secret-cipher'
import type { Store } from '../../store/store'
import type { KeyService } from '../keys/key-service'

/** What the admin services work with; `configSource` names the config file for "change it there" messages. */
export interface AdminDeps {
  store: Store
  clock: Clock
  ids: IdGenerator
  cipher: SecretCipher
  keys: KeyService
  configSource: string
}
