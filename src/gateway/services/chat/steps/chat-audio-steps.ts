import type { Clock, IdGenerator } from '../../../kernel/runtime'
import type { ChatStep } from '../chat-steps'
import { audioInStep } from './audio-in-step'
import { audioOutStep } from './audio-out-step'
import { createAudioTranscripts } from './audio-transcripts'
import { type ChatAudioModelsOptions, createChatAudioModels } from './chat-audio-models'

/**
 * Chat's audio for every model: audio in (transcribed for models that cannot hear) and audio out
 * (spoken for models that cannot talk). Put them first in the steps list: audio becomes text before
 * any other step reads the messages, and the answer is spoken after every other step has shaped it.
 */
export function chatAudioSteps(opts: ChatAudioModelsOptions & { clock: Clock; ids: IdGenerator }): ChatStep[] {
  const models = createChatAudioModels(opts)
  return [audioInStep(models), audioOutStep({ models, transcripts: createAudioTranscripts({ clock: opts.clock }), ids: opts.ids })]
}
