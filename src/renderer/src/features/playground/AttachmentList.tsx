import { Button } from '../../components/Button'
import { Icon } from '../../components/Icon'
import type { Attachment } from '../../lib/playground-model'

/** Images as thumbnails, audio clips as players; removable while still in the composer. */
export function AttachmentList({ attachments, onRemove }: { attachments: Attachment[]; onRemove?: (id: string) => void }) {
  return (
    <ul className="attachments" aria-label="Attachments">
      {attachments.map((a) => (
        <li key={a.id} className="attachment">
          {a.kind === 'image' && a.dataUrl ? (
            <img src={a.dataUrl} alt={a.name} />
          ) : a.audio ? (
            <span className="attachment-audio">
              <Icon name="mic" size={14} />
              <audio controls src={`data:audio/${a.audio.format === 'mp3' ? 'mpeg' : 'wav'};base64,${a.audio.data}`} aria-label={a.name} />
            </span>
          ) : null}
          <span className="attachment-name" title={a.name}>{a.name}</span>
          {onRemove && <Button size="sm" variant="ghost" icon="close" aria-label={`Remove ${a.name}`} onClick={() => onRemove(a.id)} />}
        </li>
      ))}
    </ul>
  )
}
