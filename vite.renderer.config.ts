import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The renderer's build, shared by the Electron build (electron.vite.config.ts) and the web build that
 * `npm run serve` serves at `/`. Building it needs no Electron binary.
 */
export const rendererConfig = {
  root: resolve('src/renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve('out/renderer'),
    // electron-vite leaves a renderer unminified unless told; the web build and the installers ship the same bytes.
    minify: 'esbuild' as const,
    emptyOutDir: true,
    // Fonts (KaTeX's) stay files, so the page's CSP can keep fonts to 'self'.
    assetsInlineLimit: (file: string) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined),
    rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
  },
}

export default defineConfig(rendererConfig)
