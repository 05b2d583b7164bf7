// The floor for bench/files.bench.ts: the fastest a Node process takes an upload with the gateway's write policy
// (src/gateway/blobs/batched-file-writer.ts: 1 MB batches, one writev each, an fdatasync started behind the
// writes every 64 MB, fsync at the end, then rename into place and fsync of the folder; malloc's freed memory kept
// for reuse). No multipart parse, no auth, no limits, no database: the whole request body goes to the file as it
// comes.
// Two ways in, both answering 200 with the byte count:
// - node:http, on the port printed as "listening <port>": the body as node:http's parser hands it over (it copies
//   each socket read into a new Buffer).
// - a raw TCP socket, on the port printed as "socket <port>": the body read straight from the socket, no HTTP
//   parser and so no copy. A measurement only: it reads one request per connection, needs Content-Length and
//   takes no other framing; never a way to serve HTTP.
// Usage: node floor-upload-receiver.mjs <folder>
import { close, fdatasync, fsync, open, writev } from 'node:fs'
import { open as openPromise, rename } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createServer as createTcpServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'

const BATCH_BYTES = 1024 * 1024
const SYNC_BEHIND_BYTES = 64 * 1024 * 1024
let keptFreedBuffers = false

const [dir] = process.argv.slice(2)
if (!dir) {
  process.stderr.write('usage: node floor-upload-receiver.mjs <folder>\n')
  process.exit(2)
}

/**
 * A temp file written in batches. `push` returns false when the source must pause (a batch is full while the last
 * is still being written); `resume` is called once it may go on. `end` resolves with the bytes once the file is
 * fsynced, renamed to received.bin and its folder fsynced.
 */
async function fileSink(resume) {
  // as the gateway's blob store does before its first write (src/gateway/kernel/upload-memory.ts): glibc keeps the
  // memory the parser's Buffers are freed into instead of trimming its heap and faulting it back in
  keptFreedBuffers ||= process.platform === 'linux' && new ArrayBuffer(31 * 1024 * 1024).byteLength > 0
  const temp = join(dir, `received.${Date.now()}.part`)
  const fd = await promisify(open)(temp, 'w')
  let batch = []
  let batchBytes = 0
  let writing = false
  let syncing = false
  let paused = false
  let written = 0
  let syncedFrom = 0
  let failure = null
  let whenIdle = null
  const idle = () => !writing && !syncing
  const settled = () => {
    if (whenIdle && idle()) whenIdle()
  }
  const flush = () => {
    const buffers = batch
    const bytes = batchBytes
    batch = []
    batchBytes = 0
    writing = true
    writev(fd, buffers, (error, n) => {
      writing = false
      if (error || n !== bytes) failure ??= error ?? new Error(`short write: ${n} of ${bytes}`)
      written += bytes
      if (!syncing && !whenIdle && written - syncedFrom >= SYNC_BEHIND_BYTES) {
        syncing = true
        syncedFrom = written
        fdatasync(fd, (syncError) => {
          syncing = false
          if (syncError) failure ??= syncError
          settled()
        })
      }
      if (batchBytes >= BATCH_BYTES && !whenIdle) flush()
      if (paused && batchBytes < BATCH_BYTES) {
        paused = false
        resume()
      }
      settled()
    })
  }
  return {
    push(chunk) {
      batch.push(chunk)
      batchBytes += chunk.length
      if (batchBytes < BATCH_BYTES) return true
      if (!writing) flush()
      paused = batchBytes >= BATCH_BYTES
      return !paused
    },
    async end() {
      await new Promise((resolve) => {
        whenIdle = () => {
          if (batchBytes > 0) return flush()
          whenIdle = null
          resolve()
        }
        settled()
      })
      if (failure) throw failure
      await promisify(fsync)(fd)
      await promisify(close)(fd)
      await rename(temp, join(dir, 'received.bin'))
      const folder = await openPromise(dir, 'r')
      await folder.sync()
      await folder.close()
      return written
    },
  }
}

const server = createServer(async (req, res) => {
  try {
    const sink = await fileSink(() => req.resume())
    req.on('data', (chunk) => sink.push(chunk) || req.pause())
    await new Promise((resolve, reject) => req.on('end', resolve).on('error', reject))
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ bytes: await sink.end() }))
  } catch (e) {
    if (!res.headersSent) res.writeHead(500).end(String(e))
  }
})

const reply = (socket, status, body) => socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`)

const tcp = createTcpServer((socket) => {
  let head = Buffer.alloc(0)
  let left = -1
  let sink
  const take = async (chunk) => {
    if (left < 0) {
      head = Buffer.concat([head, chunk])
      const end = head.indexOf('\r\n\r\n')
      if (end < 0) return
      const lines = head.subarray(0, end).toString('latin1')
      const length = /\r\ncontent-length:\s*(\d+)\s*(?:\r\n|$)/i.exec(lines)
      if (!length || /\r\ntransfer-encoding:/i.test(lines)) {
        // The rest of the body is read and dropped: a close with unread bytes would reset the connection before the client reads the 411.
        socket.removeAllListeners('data')
        socket.resume()
        return reply(socket, '411 Length Required', '{"error":"Content-Length, and no Transfer-Encoding, required"}')
      }
      left = Number(length[1])
      socket.pause()
      sink = await fileSink(() => socket.resume())
      socket.resume()
      if (/\r\nexpect:\s*100-continue/i.test(lines)) socket.write('HTTP/1.1 100 Continue\r\n\r\n')
      chunk = head.subarray(end + 4)
      head = null
    }
    const body = chunk.length > left ? chunk.subarray(0, left) : chunk
    left -= body.length
    if (body.length > 0 && !sink.push(body)) socket.pause()
    if (left === 0) {
      socket.removeAllListeners('data')
      sink.end().then((bytes) => reply(socket, '200 OK', JSON.stringify({ bytes })), (e) => reply(socket, '500 Internal Server Error', JSON.stringify({ error: String(e) })))
    }
  }
  socket.on('data', (chunk) => void take(chunk))
  socket.on('error', () => {})
})

server.listen(0, '127.0.0.1', () =>
  tcp.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}\nsocket ${tcp.address().port}`)),
)
