import { stat } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { notFound } from '../../../shared/errors'
import type { LlamaCallOptions } from '../../engines/llama/llama-engine'
import type { ModelManager } from '../../engines/model-manager/model-manager'
import type { LocalModelKind } from '../../engines/model-manager/whisper-model-catalog'
import { abortSignalOf } from '../../kernel/client-signal'
import type { CallContext } from '../contracts/provider-config'

/** How the llama engine runs a model: its own settings, and this request's keep_alive over its own. */
export function llamaCallOptions(ctx: CallContext): LlamaCallOptions {
  const local = ctx.model.local ?? {}
  const keepAlive = ctx.keepAliveSeconds ?? local.keepAliveSeconds
  const ms = (seconds: number) => (seconds < 0 ? -1 : Math.round(seconds * 1000))
  return {
    signal: abortSignalOf(ctx.signal),
    settings: { parallel: local.parallel, contextSize: local.contextSize, gpuLayers: local.gpuLayers, ...(local.keepAliveSeconds !== undefined ? { keepAliveMs: ms(local.keepAliveSeconds) } : {}) },
    ...(keepAlive !== undefined ? { keepAliveMs: ms(keepAlive) } : {}),
  }
}

/** The GGUF file a local llama model runs on: its config `file`, or else the installed model of its name. */
export async function localModelFile(model: CallContext['model'], kind: LocalModelKind, models: ModelManager | undefined): Promise<string> {
  const wanted = model.file ?? model.name
  if (isAbsolute(wanted)) {
    if (!(await stat(wanted).catch(() => null))?.isFile()) {
      throw notFound(`The model file ${wanted} does not exist. Fix the model's file in the config, or install a model on the Models page.`, 'model_not_installed', 'model')
    }
    return wanted
  }
  if (!models) throw notFound(`The local model "${wanted}" has no file; give it one in the config (file:).`, 'model_not_installed', 'model')
  return (await models.resolve(wanted, kind)).path
}
