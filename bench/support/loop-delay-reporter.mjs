// Preloaded (node --import) into the gateway bench/soak.bench.ts drives: answers 'loop-delay' on the IPC channel
// with the event loop's delay since the last question (mean, p99 and max, in ms), then starts a fresh histogram.
import { monitorEventLoopDelay } from 'node:perf_hooks'

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  process.on('message', (message) => {
    if (message !== 'loop-delay') return
    const ms = (ns) => ns / 1e6
    process.send({ loopDelay: { mean: ms(histogram.mean), p99: ms(histogram.percentile(99)), max: ms(histogram.max) } })
    histogram.reset()
  })
  process.channel?.unref()
}
