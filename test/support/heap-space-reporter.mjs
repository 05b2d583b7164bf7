// Preloaded (node --import) into a gateway child a test inspects: answers 'heap-spaces' on the IPC channel with
// v8.getHeapSpaceStatistics(), so the test can read the sizes V8 gave each space of the child's heap, 'builtins'
// with the Node built-in modules the child has loaded so far, and 'requests' with how many HTTP requests the child
// has taken and the first few (a test that waits for the child to be idle can then say who kept it busy).
import { subscribe } from 'node:diagnostics_channel'
import { getHeapSpaceStatistics } from 'node:v8'

if (process.send) {
  const requests = { count: 0, first: [] }
  subscribe('http.server.request.start', ({ request }) => {
    requests.count++
    if (requests.first.length < 10) requests.first.push(`${request.method} ${request.url} from port ${request.socket.remotePort} (${request.headers['user-agent'] ?? 'no user-agent'})`)
  })
  process.on('message', (message) => {
    if (message === 'heap-spaces') process.send({ heapSpaces: getHeapSpaceStatistics() })
    if (message === 'builtins') process.send({ builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length)) })
    if (message === 'requests') process.send({ requests })
  })
  // The channel is for the test's questions only: it must not keep the gateway alive on its own.
  process.channel?.unref()
}
