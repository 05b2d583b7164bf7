import { resolve } from 'node:path'
import { resolveConfig } from 'electron-vite'
import { build, type InlineConfig, type Rollup } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'
import desktopConfig from '../electron.vite.config'
import { rendererConfig } from '../vite.renderer.config'

/**
 * What the renderer's builds ship, from real builds: the web UI's (vite.renderer.config.ts) and the desktop
 * app's (electron-vite's renderer, from electron.vite.config.ts with electron-vite's own presets). The first
 * page's JavaScript is the entry chunk and every chunk it imports statically, minified, with KaTeX and
 * highlight.js's grammars left to the answers that need them.
 */
// Issue 30's budget. React 19's react-dom alone is 223 kB minified; the builds ship Preact's compat layer in its place.
const FIRST_PAGE_BUDGET = 300_000

/** Builds in memory; vitest sets NODE_ENV=test, which would give a library's development build, where `vite build` runs with production. */
async function chunksOf(config: InlineConfig): Promise<Rollup.OutputChunk[]> {
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    const result = (await build({ ...config, configFile: false, mode: 'production', logLevel: 'silent', build: { ...config.build, write: false, reportCompressedSize: false } })) as Rollup.RollupOutput
    return result.output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
}

const builds: Record<'web' | 'desktop', Rollup.OutputChunk[]> = { web: [], desktop: [] }
beforeAll(async () => {
  builds.web = await chunksOf(rendererConfig)
  const desktop = await resolveConfig({ configFile: resolve('electron.vite.config.ts') }, 'build', 'production')
  builds.desktop = await chunksOf(desktop.config!.renderer!)
}, 240_000)

/** A chunk and every chunk it imports statically: what the browser loads with it. */
function staticClosure(chunks: Rollup.OutputChunk[], chunk: Rollup.OutputChunk, seen = new Set<string>()): Rollup.OutputChunk[] {
  if (seen.has(chunk.fileName)) return []
  seen.add(chunk.fileName)
  return [chunk, ...chunk.imports.flatMap((f) => staticClosure(chunks, chunks.find((c) => c.fileName === f)!, seen))]
}
const holds = (c: Rollup.OutputChunk, pattern: RegExp) => Object.keys(c.modules).some((id) => pattern.test(id))

describe('renderer bytes', () => {
  it('minifies the desktop build as the web build: electron-vite builds the renderer from this same config', () => {
    expect(desktopConfig.renderer).toBe(rendererConfig)
    expect(rendererConfig.build.minify).toBeTruthy()
  })

  for (const name of ['web', 'desktop'] as const) {
    it(`keeps the ${name} build's first page within ${FIRST_PAGE_BUDGET / 1000} kB of JavaScript, minified, without react-dom, Markdown, KaTeX, highlight.js or what opens on a click`, () => {
      const chunks = builds[name]
      const entry = chunks.find((c) => c.isEntry)!
      const firstPage = staticClosure(chunks, entry)
      const bytes = firstPage.reduce((sum, c) => sum + Buffer.byteLength(c.code), 0)
      expect(bytes).toBeLessThanOrEqual(FIRST_PAGE_BUDGET)
      expect(entry.code.split('\n').length).toBeLessThan(entry.code.length / 2000)
      for (const c of firstPage) expect(holds(c, /katex|highlight\.js|lowlight|react-markdown/)).toBe(false)
      // What opens on a click loads with it: compare mode, the settings panel's Tools and Output tabs, the microphone, exports.
      for (const c of firstPage) expect(holds(c, /\/(CompareView|ToolsSection|FormatSection)\.tsx$|\/(mic-capture|conversation-export)\.ts$/)).toBe(false)
      // Every chunk, not only the first page's: react-markdown and the pages run on Preact's compat layer too.
      expect(chunks.filter((c) => holds(c, /node_modules\/(react|react-dom|scheduler)\//)).map((c) => c.fileName)).toEqual([])
      expect(holds(entry, /node_modules\/preact\/compat\//)).toBe(true)
    })
  }

  it('loads KaTeX and each language grammar only when an answer needs it, one grammar per chunk', () => {
    const chunks = builds.web
    const markdown = chunks.find((c) => holds(c, /components\/Markdown\.tsx$/))!
    for (const c of staticClosure(chunks, markdown)) expect(holds(c, /katex|highlight\.js\/(?:lib|es)\/languages/)).toBe(false)
    const python = chunks.filter((c) => holds(c, /highlight\.js\/(?:lib|es)\/languages\/python\.js/))
    expect(python).toHaveLength(1)
    expect(Object.keys(python[0]!.modules).filter((id) => /highlight\.js\/(?:lib|es)\/languages\//.test(id))).toHaveLength(1)
    expect(chunks.filter((c) => holds(c, /node_modules\/katex\//)).every((c) => !c.isEntry && c !== markdown)).toBe(true)
  })
})
