import { monitorEventLoopDelay } from 'node:perf_hooks'
import { startGateway } from '../../src/gateway/boot/start-gateway'
import { loadConfigFile } from '../../src/gateway/config/load-config'
import { createLogger } from '../../src/gateway/kernel/logging'
import { pageCapFiller } from './storage-faults'

/**
 * The gateway as `npm run serve` starts it (startGateway, from source), in a child process a fault test
 * can also tell to fill and free its disk: `PRAGMA max_page_count` is a setting of the gateway's own
 * connection, so only this process can set it. Started with an IPC channel and the config file and data
 * dir as arguments; prints `listening on <url>`, and answers the messages `fill-disk` and `free-disk`
 * with `done <message>` once done, and `loop-delay` with `{ maxStallMs, p99StallMs }`, the longest event-loop
 * stall since the last ask and its 99th percentile. Logs (warn and up) go to stderr.
 */
const [configFile, dataDir] = process.argv.slice(2)
const gateway = await startGateway({ config: loadConfigFile(configFile!, {}), dataDir: dataDir!, env: {}, logger: createLogger({ level: 'warn', stream: process.stderr }) })
const disk = pageCapFiller(gateway.store.db)
const loopDelay = monitorEventLoopDelay({ resolution: 10 })
loopDelay.enable()
process.on('message', (message) => {
  if (message === 'loop-delay') {
    process.send!({ maxStallMs: loopDelay.max / 1e6, p99StallMs: loopDelay.percentile(99) / 1e6 })
    loopDelay.reset()
    return
  }
  if (message === 'fill-disk') disk.fill()
  else if (message === 'free-disk') disk.free()
  else return
  process.send!(`done ${message}`)
})
process.stdout.write(`listening on ${gateway.url}\n`)
