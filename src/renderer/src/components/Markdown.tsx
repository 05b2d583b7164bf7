import '../styles/markdown.css'
import { memo, useEffect, useState, type ReactNode } from 'react'
import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import { codeLanguages, katexReady, languagesReady, loadMarkdownExtras, mayHaveMath, rehypeHighlightLoaded } from '../lib/markdown-extras'
import { CopyButton } from './CopyButton'

/** The text of a hast node and its children (a code block's source, before highlighting split it up). */
interface HastLike {
  type: string
  value?: string
  tagName?: string
  properties?: { className?: unknown }
  children?: HastLike[]
}
export function hastText(node: HastLike | undefined): string {
  if (!node) return ''
  if (node.type === 'text') return node.value ?? ''
  return (node.children ?? []).map(hastText).join('')
}

const languageOf = (code: HastLike | undefined) => {
  const classes = Array.isArray(code?.properties?.className) ? (code.properties.className as string[]) : []
  return classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? null
}

function CodeBlock({ node, children }: { node?: HastLike; children?: ReactNode }) {
  const code = node?.children?.find((c) => c.tagName === 'code')
  const source = hastText(code).replace(/\n$/, '')
  const language = languageOf(code)
  return (
    <div className="md-code">
      <div className="md-code-bar">
        <span className="md-code-lang">{language ?? 'code'}</span>
        <CopyButton text={source} label={`Copy ${language ?? ''} code`.replace('  ', ' ')} size="sm" variant="ghost" showText />
      </div>
      <pre tabIndex={0}>{children}</pre>
    </div>
  )
}

/**
 * Math as models write it, in the delimiters remark-math reads: `\[...\]` and a paragraph that is only
 * `$$...$$` become display math (centred, full size), `\(...\)` inline math. Fenced and inline code is left alone.
 */
export function normalizeMath(text: string): string {
  return text
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((part, i) => {
      if (i % 2) return part
      return part
        .replace(/\\\[([\s\S]+?)\\\]/g, (_, tex: string) => `\n\n$$\n${tex.trim()}\n$$\n\n`)
        .replace(/^[ \t]*\$\$([^\n]+?)\$\$[ \t]*$/gm, (_, tex: string) => `\n$$\n${tex.trim()}\n$$\n`)
        .replace(/\\\(([\s\S]+?)\\\)/g, (_, tex: string) => `$${tex.trim()}$`)
    })
    .join('')
}

export interface MarkdownProps {
  text: string
  /**
   * Opens a link outside the app. Without it links open in a new browser tab (web mode); the desktop
   * app passes the preload's open-external function.
   */
  openLink?: (url: string) => void
}

/** Renders again once KaTeX and the code's grammars that `text` needs are loaded (at once when they already are). */
function useMarkdownExtras(text: string): void {
  const ready = (!mayHaveMath(text) || katexReady() !== undefined) && languagesReady(codeLanguages(text))
  const [, setLoaded] = useState(0)
  useEffect(() => {
    if (ready) return
    let live = true
    void loadMarkdownExtras(text).then(() => live && setLoaded((n) => n + 1))
    return () => {
      live = false
    }
  }, [text, ready])
}

/**
 * Model text as Markdown: GitHub tables, task lists and autolinks, fenced code highlighted with a copy
 * button, LaTeX math with KaTeX. Raw HTML in the text is never rendered (react-markdown escapes it), and
 * unsafe link schemes are dropped by its URL filter. KaTeX and each language's grammar load with the first
 * answer that needs them (lib/markdown-extras.ts); until then that math and code show as plain text.
 */
export const Markdown = memo(function Markdown({ text, openLink }: MarkdownProps) {
  useMarkdownExtras(text)
  const katex = katexReady()
  const components: Components = {
    pre: ({ node, children }) => <CodeBlock node={node as HastLike}>{children}</CodeBlock>,
    a: ({ href, children }) => (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(e) => {
          if (!openLink || !href) return
          e.preventDefault()
          openLink(href)
        }}
      >
        {children}
      </a>
    ),
    table: ({ children }) => (
      <div className="md-table-wrap" tabIndex={0}>
        <table>{children}</table>
      </div>
    ),
  }
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm, remarkMath]} rehypePlugins={katex ? [katex, rehypeHighlightLoaded] : [rehypeHighlightLoaded]} components={components}>
        {normalizeMath(text)}
      </ReactMarkdown>
    </div>
  )
})

export default Markdown
