import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/** One closing line any CI can read, like the unit tests': `E2E: N passed, N failed, N skipped`. */
export default class SummaryReporter implements Reporter {
  private outcomes = new Map<string, TestResult['status']>()
  /** Why tests were skipped (e.g. no Electron binary here), with how many each reason covers. */
  private skipReasons = new Map<string, number>()

  onTestEnd(test: TestCase, result: TestResult) {
    this.outcomes.set(test.id, result.status)
    if (result.status !== 'skipped') return
    const reason = [...result.annotations, ...test.annotations].find((a) => a.type === 'skip')?.description || 'no reason given'
    this.skipReasons.set(reason, (this.skipReasons.get(reason) ?? 0) + 1)
  }

  onEnd(_result: FullResult) {
    const all = [...this.outcomes.values()]
    const passed = all.filter((s) => s === 'passed').length
    const skipped = all.filter((s) => s === 'skipped').length
    const failed = all.length - passed - skipped
    for (const [reason, count] of this.skipReasons) process.stdout.write(`\nskipped ${count}: ${reason}`)
    process.stdout.write(`\nE2E: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
