import { useRef, useState } from 'react'
import { Button } from '../../components/Button'
import { base64OfDataUrl, readFileAsDataUrl } from '../../lib/audio-data'
import { localId, type Attachment } from '../../lib/playground-model'
import { SEND_KEYS } from '../../lib/send-keys'
import { useAppStore } from '../../stores/app-store'
import { AttachmentList } from './AttachmentList'
import { VoiceMessageButton } from './VoiceMessageButton'


async function toAttachment(file: File): Promise<Attachment | string> {
  const dataUrl = await readFileAsDataUrl(file)
  if (file.type.startsWith('image/')) return { id: localId('att'), kind: 'image', name: file.name || 'pasted image', dataUrl }
  const format = /\.mp3$/i.test(file.name) || file.type === 'audio/mpeg' ? 'mp3' : /\.wav$/i.test(file.name) || /wav/.test(file.type) ? 'wav' : null
  if (!format) return `${file.name}: the chat API takes wav or mp3 audio, and images.`
  return { id: localId('att'), kind: 'audio', name: file.name, audio: { data: base64OfDataUrl(dataUrl), format } }
}

/** Where the next user message is written: text, image and audio attachments, Send and Stop. */
export function Composer() {
  const text = useAppStore((s) => s.composer.text)
  const attachments = useAppStore((s) => s.composer.attachments)
  const running = useAppStore((s) => s.run.status === 'running')
  const setText = useAppStore((s) => s.setComposerText)
  const addAttachment = useAppStore((s) => s.addComposerAttachment)
  const removeAttachment = useAppStore((s) => s.removeComposerAttachment)
  const sendComposer = useAppStore((s) => s.sendComposer)
  const addMessage = useAppStore((s) => s.addMessage)
  const stop = useAppStore((s) => s.stop)
  const notify = useAppStore((s) => s.notify)
  const sendKey = useAppStore((s) => s.sendKey)
  const imageInput = useRef<HTMLInputElement>(null)
  const audioInput = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  const attach = async (files: FileList | File[]) => {
    for (const f of Array.from(files)) {
      const a = await toAttachment(f)
      if (typeof a === 'string') notify(a, 'error')
      else addAttachment(a)
    }
  }

  return (
    <form
      className={`composer${dragging ? ' composer-drop' : ''}`}
      aria-label="New message"
      onSubmit={(e) => (e.preventDefault(), void sendComposer())}
      onDragOver={(e) => (e.preventDefault(), setDragging(true))}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault()
        setDragging(false)
        void attach(e.dataTransfer.files)
      }}
    >
      {attachments.length > 0 && <AttachmentList attachments={attachments} onRemove={removeAttachment} />}
      <textarea
        className="composer-input"
        aria-label="Message"
        placeholder="Message the model…"
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // With "Enter sends", Shift+Enter is the new line; Ctrl/Cmd+Enter always sends (a page-wide shortcut).
          if (sendKey !== 'enter' || e.key !== 'Enter' || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey || e.nativeEvent.isComposing) return
          e.preventDefault()
          void sendComposer()
        }}
        onPaste={(e) => {
          const files = Array.from(e.clipboardData.files)
          if (!files.length) return
          e.preventDefault()
          void attach(files)
        }}
      />
      <div className="composer-bar">
        <input ref={imageInput} type="file" accept="image/*" multiple hidden onChange={(e) => (void attach(e.target.files ?? []), (e.target.value = ''))} />
        <input ref={audioInput} type="file" accept=".wav,.mp3,audio/wav,audio/mpeg" hidden onChange={(e) => (void attach(e.target.files ?? []), (e.target.value = ''))} />
        <Button size="sm" variant="ghost" icon="image" aria-label="Attach an image" onClick={() => imageInput.current?.click()} />
        <Button size="sm" variant="ghost" icon="files" aria-label="Attach audio (wav or mp3)" onClick={() => audioInput.current?.click()} />
        <VoiceMessageButton />
        <span className="composer-hint">{running ? 'Esc to stop' : sendKey === 'enter' ? 'Enter to send, Shift Enter for a new line' : `${SEND_KEYS} to send`}</span>
        <Button size="sm" variant="ghost" disabled={running || (!text.trim() && !attachments.length)} onClick={() => (addMessage('user', text, attachments), setText(''), attachments.forEach((a) => removeAttachment(a.id)))}>
          Add
        </Button>
        {running ? (
          <Button key="stop" variant="danger" icon="stop" onClick={stop}>Stop</Button>
        ) : (
          <Button key="send" type="submit" variant="primary" icon="send">Send</Button>
        )}
      </div>
    </form>
  )
}
