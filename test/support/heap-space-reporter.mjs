// Preloaded (node --import) into a gateway child a test inspects: answers 'heap-spaces' on the IPC channel with
// v8.getHeapSpaceStatistics(), so the test can read the sizes V8 gave each space of the child's heap.
import { getHeapSpaceStatistics } from 'node:v8'

if (process.send) {
  process.on('message', (message) => {
    if (message === 'heap-spaces') process.send({ heapSpaces: getHeapSpaceStatistics() })
  })
  // The channel is for the test's questions only: it must not keep the gateway alive on its own.
  process.channel?.unref()
}
