import { useAppStore } from '../../stores/app-store'

/** The system (or developer) prompt, first in every request. */
export function SystemPromptEditor() {
  const prompt = useAppStore((s) => s.playground.systemPrompt)
  const role = useAppStore((s) => s.playground.systemRole)
  const setPrompt = useAppStore((s) => s.setSystemPrompt)
  const setRole = useAppStore((s) => s.setSystemRole)
  return (
    <section className="system-prompt" aria-label="System prompt">
      <div className="system-prompt-head">
        <select className="input input-sm select-plain" aria-label="Prompt role" value={role} onChange={(e) => setRole(e.target.value as 'system' | 'developer')}>
          <option value="system">System</option>
          <option value="developer">Developer</option>
        </select>
        <span className="muted">sent first, as a {role} message</span>
      </div>
      <textarea
        className="input autogrow system-prompt-input"
        aria-label={`${role === 'system' ? 'System' : 'Developer'} prompt`}
        placeholder="You are a helpful assistant…"
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
      />
    </section>
  )
}
