import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import type { Reporter } from 'vitest/node'

/** The names the tests, and the gateways and engines they start, give what they put in the temp dir. */
const OURS = /^(gh|gatehouse)-/
/** The run's PostgreSQL cluster (test/global-setup.ts): made after the run starts, removed after the reporters. */
const RUN_OWN = /^gh-postgres-/

/**
 * Lists what the run added to the temp dir under our names and left there, before the closing line: a test
 * that makes a temp dir or file removes it, on failure too (test/support/temp-dirs.ts). It reports and does
 * not fail the run: a developer's benches and e2e runs make gh-* entries in the same dir meanwhile, which
 * the listing cannot tell from the run's own, and a leak that hangs on timing (a process killed mid-job)
 * would fail it now and then.
 */
export default class TempLeakReporter implements Reporter {
  private before = new Set<string>()

  onTestRunStart(): void {
    this.before = new Set(ourEntries())
  }

  onTestRunEnd(): void {
    const left = ourEntries().filter((name) => !this.before.has(name) && !RUN_OWN.test(name))
    if (left.length === 0) return
    const byPrefix = new Map<string, string[]>()
    for (const name of left) {
      const prefix = /^(.*-)[A-Za-z0-9]{6}$/.exec(name)?.[1] ?? name // mkdtemp adds six characters
      byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), name])
    }
    const lines = [...byPrefix].map(([prefix, names]) => (names[0] === prefix ? `  ${prefix}` : `  ${prefix}… ×${names.length}: ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}`))
    process.stdout.write(
      `\n${left.length} ${left.length === 1 ? 'entry' : 'entries'} under our prefixes were left in ${tmpdir()} by this run (or made meanwhile by another process).\n` +
        `Grep the tests for each prefix: a test removes what it makes (test/support/temp-dirs.ts).\n${lines.join('\n')}\n`,
    )
  }
}

const ourEntries = () => readdirSync(tmpdir()).filter((name) => OURS.test(name))
