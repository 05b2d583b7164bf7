import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (or the ones named on the command line). Each
 * reports ratios against a baseline it measures in the same run; none asserts a time.
 */
const args = process.argv.slice(2)
// `--minutes N` is the soak's length (bench/soak.bench.ts); every other argument picks benchmarks by file name.
const minutesAt = args.indexOf('--minutes')
if (minutesAt >= 0) process.env.BENCH_SOAK_MINUTES = args.splice(minutesAt, 2)[1]
const only = args
const dir = import.meta.dirname
/** A name picks its own bench when there is one (`cpu` is cpu.bench.ts, not also responses-cpu), else every file containing it. */
const picks = (name: string, file: string) => (readdirSync(dir).includes(`${name}.bench.ts`) ? file === `${name}.bench.ts` : file.includes(name))
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => picks(o, f)))
  .sort()
for (const file of files) {
  console.log(`\n=== ${file}`)
  await import(pathToFileURL(join(dir, file)).href)
}
if (files.length === 0) console.log('No benchmarks matched.')
