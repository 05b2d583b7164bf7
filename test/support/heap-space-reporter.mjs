// Preloaded (node --import) into a gateway child a test inspects: answers 'heap-spaces' on the IPC channel with
// v8.getHeapSpaceStatistics(), so the test can read the sizes V8 gave each space of the child's heap, and
// 'builtins' with the Node built-in modules the child has loaded so far.
import { getHeapSpaceStatistics } from 'node:v8'

if (process.send) {
  process.on('message', (message) => {
    if (message === 'heap-spaces') process.send({ heapSpaces: getHeapSpaceStatistics() })
    if (message === 'builtins') process.send({ builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length)) })
  })
  // The channel is for the test's questions only: it must not keep the gateway alive on its own.
  process.channel?.unref()
}
