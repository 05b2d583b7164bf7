import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/** One closing line any CI can read, like the unit tests': `E2E: N passed, N failed, N skipped`. */
export default class SummaryReporter implements Reporter {
  private outcomes = new Map<string, TestResult['status']>()

  onTestEnd(test: TestCase, result: TestResult) {
    this.outcomes.set(test.id, result.status)
  }

  onEnd(_result: FullResult) {
    const all = [...this.outcomes.values()]
    const passed = all.filter((s) => s === 'passed').length
    const skipped = all.filter((s) => s === 'skipped').length
    const failed = all.length - passed - skipped
    process.stdout.write(`\nE2E: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
