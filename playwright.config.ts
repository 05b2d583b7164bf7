import { defineConfig } from '@playwright/test'

/**
 * Browser specs against the headless gateway, in Debian's Chromium (apt package `chromium`): Playwright's
 * own browser download is never used. Each spec starts its own fake upstream and gateway (e2e/fixtures).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e-output',
  fullyParallel: false,
  // Two at once: a spec mostly waits on its browser and gateway (one worker kept the CPU a third busy).
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/support/summary-reporter.ts']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // The audio studio's spec runs its browser with a fake microphone (a worker of its own) and makes the longest
  // calls (whisper.cpp): as a project listed first it starts at once, where it otherwise ran last, alone.
  projects: [
    { name: 'microphone', testMatch: 'audio-studio.spec.ts' },
    { name: 'browser', testIgnore: 'audio-studio.spec.ts' },
  ],
})
