// Preloaded (node --import) into each server bench/cpu.bench.ts measures: answers 'cpu-usage' on the IPC
// channel with process.cpuUsage(), user + system microseconds of the whole process (getrusage: every
// thread, live or exited: the event loop, V8's GC and compiler threads, libuv's pool, loader hooks).
if (process.send) {
  process.on('message', (message) => {
    if (message !== 'cpu-usage') return
    const { user, system } = process.cpuUsage()
    process.send({ cpuUsage: user + system })
  })
  // The channel is for questions from the bench only: it must not keep the server alive on its own.
  process.channel?.unref()
}
