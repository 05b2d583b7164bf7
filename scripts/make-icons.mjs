// Renders resources/icon.svg into the app's icon set (run by hand after changing the SVG; the outputs are
// committed): icon.png (1024 px, electron-builder derives the macOS .icns from it), icon.ico (Windows
// and the web UI's favicon), PNG sizes for Linux, and monochrome tray icons. Rasterized by the system
// Chromium (GATEHOUSE_CHROMIUM or /usr/bin/chromium), the browser the e2e specs use.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pngToIco from 'png-to-ico'
import { chromium } from 'playwright-core'

const root = join(import.meta.dirname, '..')
const resources = join(root, 'resources')
const svg = readFileSync(join(resources, 'icon.svg'), 'utf8')
// the tray shows the building alone: white on Windows/Linux panels, black template image on macOS
const silhouette = (color) =>
  svg
    .replace(/<rect x="64"[^>]*\/>/, '')
    .replace(/<rect x="(328|640)"[^>]*\/>/g, '')
    .replace(/#fff/g, color)
    .replace('viewBox="0 0 1024 1024"', 'viewBox="200 220 624 624"')

const browser = await chromium.launch({ executablePath: process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] })
async function render(source, size) {
  const page = await browser.newPage({ viewport: { width: size, height: size } })
  await page.setContent(`<html><body style="margin:0;background:transparent">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`)
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
  await page.close()
  return png
}

const pngs = {}
for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) pngs[size] = await render(svg, size)
writeFileSync(join(resources, 'icon.png'), pngs[1024])
mkdirSync(join(resources, 'icons'), { recursive: true })
for (const size of [16, 32, 48, 64, 128, 256, 512]) writeFileSync(join(resources, 'icons', `${size}x${size}.png`), pngs[size])
const ico = await pngToIco([pngs[16], pngs[24], pngs[32], pngs[48], pngs[64], pngs[128], pngs[256]])
writeFileSync(join(resources, 'icon.ico'), ico)
writeFileSync(join(resources, 'tray.png'), await render(silhouette('#ffffff'), 32))
writeFileSync(join(resources, 'trayTemplate.png'), await render(silhouette('#000000'), 16))
writeFileSync(join(resources, 'trayTemplate@2x.png'), await render(silhouette('#000000'), 32))

// the web UI's favicon, copied by the renderer build into out/renderer
const publicDir = join(root, 'src', 'renderer', 'public')
mkdirSync(publicDir, { recursive: true })
writeFileSync(join(publicDir, 'favicon.ico'), await pngToIco([pngs[16], pngs[32], pngs[48]]))
writeFileSync(join(publicDir, 'favicon.svg'), svg)
writeFileSync(join(publicDir, 'icon-192.png'), await render(svg, 192))
await browser.close()
console.log('icons written to resources/ and src/renderer/public/')
