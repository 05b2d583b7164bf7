import { Button } from '../../components/Button'
import { clock } from '../../lib/audio/transcript-export'
import { useVoiceMessage } from './use-voice-message'

/** The composer's microphone: record a voice message; stop puts it into the draft. */
export function VoiceMessageButton() {
  const voice = useVoiceMessage()
  if (voice.state === 'recording') {
    return <Button size="sm" variant="danger" icon="stop" aria-label="Stop the voice message" onClick={() => void voice.stop()}>{clock(voice.seconds)}</Button>
  }
  return (
    <Button size="sm" variant="ghost" icon="mic" disabled={voice.state === 'transcribing'} aria-label={voice.state === 'transcribing' ? 'Transcribing the voice message' : 'Record a voice message'} onClick={() => void voice.start()} />
  )
}
