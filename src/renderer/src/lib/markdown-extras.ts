import type { Root } from 'hast'
import type { LanguageFn } from 'highlight.js'
import { toText } from 'hast-util-to-text'
import { createLowlight } from 'lowlight'
import { visit } from 'unist-util-visit'
import type { PluggableList } from 'unified'

/**
 * What an answer's Markdown needs beyond the parser, loaded the first time an answer needs it: KaTeX (about
 * 260 kB) for math, and highlight.js's core plus only the grammars of the languages its fenced code names.
 * Each grammar is its own chunk; a language outside this list stays plain text, as it did with lowlight's
 * `common` set these names come from (plus a few frequent in answers).
 */
const GRAMMARS: Record<string, () => Promise<{ default: LanguageFn }>> = {
  arduino: () => import('highlight.js/lib/languages/arduino'),
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  dart: () => import('highlight.js/lib/languages/dart'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  elixir: () => import('highlight.js/lib/languages/elixir'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  latex: () => import('highlight.js/lib/languages/latex'),
  less: () => import('highlight.js/lib/languages/less'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  nginx: () => import('highlight.js/lib/languages/nginx'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  perl: () => import('highlight.js/lib/languages/perl'),
  php: () => import('highlight.js/lib/languages/php'),
  'php-template': () => import('highlight.js/lib/languages/php-template'),
  plaintext: () => import('highlight.js/lib/languages/plaintext'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  protobuf: () => import('highlight.js/lib/languages/protobuf'),
  python: () => import('highlight.js/lib/languages/python'),
  'python-repl': () => import('highlight.js/lib/languages/python-repl'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scala: () => import('highlight.js/lib/languages/scala'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  vbnet: () => import('highlight.js/lib/languages/vbnet'),
  wasm: () => import('highlight.js/lib/languages/wasm'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
}

/** Other names answers give those languages (highlight.js's own aliases, which are known only once a grammar is loaded). */
const ALIASES: Record<string, string> = {
  sh: 'bash', zsh: 'bash', h: 'c', 'c++': 'cpp', cc: 'cpp', cxx: 'cpp', hpp: 'cpp', cs: 'csharp', 'c#': 'csharp',
  patch: 'diff', docker: 'dockerfile', ex: 'elixir', exs: 'elixir', golang: 'go', gql: 'graphql', hs: 'haskell',
  toml: 'ini', js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript', jsonc: 'json', kt: 'kotlin',
  kts: 'kotlin', tex: 'latex', mk: 'makefile', make: 'makefile', md: 'markdown', objc: 'objectivec', pl: 'perl',
  text: 'plaintext', txt: 'plaintext', ps1: 'powershell', ps: 'powershell', proto: 'protobuf', py: 'python',
  pycon: 'python-repl', rb: 'ruby', rs: 'rust', console: 'shell', ts: 'typescript', tsx: 'typescript',
  mts: 'typescript', vb: 'vbnet', html: 'xml', xhtml: 'xml', svg: 'xml', yml: 'yaml',
}

const grammarOf = (language: string): string | undefined => {
  const name = language.toLowerCase()
  return name in GRAMMARS ? name : ALIASES[name]
}

/** The languages of an answer's fenced code blocks that have a grammar here. */
export function codeLanguages(text: string): string[] {
  const found = new Set<string>()
  for (const m of text.matchAll(/^[ \t]{0,3}(?:```|~~~)[ \t]*([^\s`{]+)/gm)) if (grammarOf(m[1]!)) found.add(m[1]!.toLowerCase())
  return [...found]
}

/** Whether an answer may hold math remark-math reads (after normalizeMath): `$...$` or `$$`. */
export const mayHaveMath = (text: string): boolean => /\$[^$\n]+\$|\$\$/.test(text)

const lowlight = createLowlight()
const loading = new Map<string, Promise<void>>()

/** Registers a language's grammar (and the name the answer used for it); resolves once highlight can use it. */
function loadLanguage(language: string): Promise<void> {
  const grammar = grammarOf(language)!
  let pending = loading.get(language)
  if (!pending) {
    pending = GRAMMARS[grammar]!().then((m) => {
      if (!lowlight.registered(grammar)) lowlight.register({ [grammar]: m.default })
      if (language !== grammar && !lowlight.registered(language)) lowlight.registerAlias({ [grammar]: [language] })
    })
    loading.set(language, pending)
  }
  return pending
}

export const languagesReady = (languages: string[]) => languages.every((l) => lowlight.registered(l))

/** A rehype plugin that highlights `pre > code.language-*` blocks whose grammar is loaded; the rest stay plain text. */
export function rehypeHighlightLoaded() {
  return (tree: Root) => {
    visit(tree, 'element', (node, _index, parent) => {
      if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return
      const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : []
      const language = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length)
      if (!language || !lowlight.registered(language)) return
      node.properties.className = ['hljs', ...classes]
      const result = lowlight.highlight(language, toText(node, { whitespace: 'pre' }))
      if (result.children.length > 0) node.children = result.children as typeof node.children
    })
  }
}

let katex: Promise<PluggableList[number]> | undefined
let katexPlugin: PluggableList[number] | undefined

/** rehype-katex and KaTeX's stylesheet, loaded once. */
export function loadKatex(): Promise<PluggableList[number]> {
  katex ??= Promise.all([import('rehype-katex'), import('./katex-styles')]).then(([m]) => {
    katexPlugin = [m.default, { throwOnError: false, strict: 'ignore' }]
    return katexPlugin
  })
  return katex
}
export const katexReady = () => katexPlugin

/** Starts loading what `text` needs; resolves when it is all there. */
export function loadMarkdownExtras(text: string): Promise<unknown> {
  return Promise.all([...(mayHaveMath(text) ? [loadKatex()] : []), ...codeLanguages(text).map(loadLanguage)])
}
