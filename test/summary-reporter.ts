import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints why each test was skipped, then one plain closing line, `Tests: N passed, N failed, N skipped`,
 * that any CI can read.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0
    let failed = 0
    const skipped: string[] = []
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const result = test.result()
        if (result.state === 'passed') passed++
        else if (result.state === 'failed') failed++
        else skipped.push(`  skipped: ${test.fullName}${'note' in result && result.note ? ` (${result.note})` : ''}`)
      }
    }
    const out = process.stdout
    if (skipped.length) out.write(`\n${skipped.join('\n')}\n`)
    out.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped.length} skipped\n`)
  }
}
