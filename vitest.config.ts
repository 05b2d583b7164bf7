import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', './test/summary-reporter.ts'],
  },
})
