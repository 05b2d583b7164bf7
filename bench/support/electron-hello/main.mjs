// Electron's own floor for bench/desktop.bench.ts: one window showing a line of text, nothing else.
import { app, BrowserWindow } from 'electron'

app.whenReady().then(() => {
  const window = new BrowserWindow({ width: 1200, height: 800 })
  window.loadURL('data:text/html,<!doctype html><title>hello</title><p>hello</p>')
})
app.on('window-all-closed', () => app.quit())
