import { useEffect, useState } from 'react'
import { Button, type ButtonProps } from './Button'

/** Writes text to the clipboard, falling back to a hidden textarea where the Clipboard API is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    document.execCommand('copy')
    area.remove()
  }
}

/** A copy button that says "Copied" for a moment; `label` names what it copies, for screen readers. */
export function CopyButton({ text, label, showText = false, ...rest }: { text: string; label: string; showText?: boolean } & Omit<ButtonProps, 'onClick'>) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const t = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(t)
  }, [copied])
  return (
    <Button
      {...rest}
      icon={copied ? 'check' : 'copy'}
      aria-label={copied ? 'Copied' : label}
      onClick={() => void copyText(text).then(() => setCopied(true))}
    >
      {showText ? (copied ? 'Copied' : 'Copy') : undefined}
    </Button>
  )
}
