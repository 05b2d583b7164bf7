import type { GatewayConfig } from '../../config/gateway-config'
import type { Clock, Env, IdGenerator } from '../../kernel/runtime'
import type { SecretCipher } from '../../security/secret-cipher'
import type { LocalAudio } from '../../services/audio/local-audio'
import type { KeyService } from '../../services/keys/key-service'
import type { Store } from '../../store/store'

export interface AdminContext {
  store: Store
  clock: Clock
  ids: IdGenerator
  cipher: SecretCipher
  keys: KeyService
  config: GatewayConfig
  localAudio: LocalAudio
  /** Provider keys given as `env:NAME`, for calls the admin API makes itself (provider probes). */
  env: Env
}
