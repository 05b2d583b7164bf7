// The floor a Node upload endpoint costs, for bench/files.bench.ts: node:http receiving a multipart upload,
// parsed by the same library the gateway's @fastify/multipart uses (@fastify/busboy, its defaults), the file part
// streamed to a temp file with the gateway's fsync policy (fsync the file, rename it into place, fsync the folder),
// with no auth, no limits, no database. GET /received sends the last file back (the download baseline).
// Usage: node bare-upload-receiver.mjs <folder>
import Busboy from '@fastify/busboy'
import { createReadStream, createWriteStream } from 'node:fs'
import { open, rename, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'

const [dir] = process.argv.slice(2)
if (!dir) {
  process.stderr.write('usage: node bare-upload-receiver.mjs <folder>\n')
  process.exit(2)
}
const received = join(dir, 'received.bin')

function receive(req) {
  return new Promise((resolve, reject) => {
    const bb = new Busboy({ headers: req.headers })
    let written
    bb.on('file', (_name, file) => {
      const temp = join(dir, `received.${Date.now()}.part`)
      written = pipeline(file, createWriteStream(temp, { flush: true })).then(async () => {
        await rename(temp, received)
        const folder = await open(dir, 'r')
        await folder.sync()
        await folder.close()
      })
    })
    bb.on('field', () => {})
    bb.on('error', reject)
    bb.on('finish', () => (written ?? Promise.reject(new Error('no file part'))).then(resolve, reject))
    req.pipe(bb)
  })
}

const server = createServer(async (req, res) => {
  try {
    if (req.method === 'POST') {
      await receive(req)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ bytes: (await stat(received)).size }))
    } else {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': (await stat(received)).size })
      await pipeline(createReadStream(received, { highWaterMark: 1024 * 1024 }), res)
    }
  } catch (e) {
    if (!res.headersSent) res.writeHead(500).end(String(e))
  }
})
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`))
