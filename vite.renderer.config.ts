import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { withoutPackageAnnotationNotes } from './scripts/rollup-package-notes'

/**
 * The shipped renderer runs on Preact's React compatibility layer: react-dom alone is 223 kB minified, more than
 * two thirds of the first page's 300 kB budget, where preact/compat is about 30 kB. Builds only: the dev server
 * keeps React, whose Fast Refresh @vitejs/plugin-react wires in, and vitest's component tests run on React too.
 * `react-dom/client` adds to Preact's what React does that preact/compat does not (react-dom-client-on-preact.ts).
 */
export function preactInBuilds(): Plugin {
  return {
    name: 'gatehouse:preact-in-builds',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react$/, replacement: 'preact/compat' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react-dom\/client$/, replacement: resolve('src/renderer/src/react-dom-client-on-preact.ts') },
        ],
      },
    }),
  }
}

/**
 * The renderer's build, shared by the Electron build (electron.vite.config.ts) and the web build that
 * `npm run serve` serves at `/`. Building it needs no Electron binary.
 */
export const rendererConfig = {
  root: resolve('src/renderer'),
  base: './',
  plugins: [react(), preactInBuilds()],
  build: {
    outDir: resolve('out/renderer'),
    // electron-vite leaves a renderer unminified unless told; the web build and the installers ship the same bytes.
    minify: 'esbuild' as const,
    emptyOutDir: true,
    // Fonts (KaTeX's) stay files, so the page's CSP can keep fonts to 'self'.
    assetsInlineLimit: (file: string) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined),
    rollupOptions: { input: { index: resolve('src/renderer/index.html') }, onwarn: withoutPackageAnnotationNotes },
  },
}

export default defineConfig(rendererConfig)
