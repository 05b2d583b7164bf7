// The floor a Node upload endpoint costs, for bench/files.bench.ts: node:http receiving a multipart upload and
// streaming it to a temp file with the gateway's fsync policy (fsync the file, rename it into place, fsync the
// folder), with no auth, no limits, no database. POST /multipart parses the body with the library the gateway's
// @fastify/multipart uses (@fastify/busboy, its defaults) and writes the file part; POST /raw writes the whole
// body unparsed (what HTTP plus the disk cost alone). GET /received sends the last file back (the download baseline).
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

async function commit(temp) {
  await rename(temp, received)
  const folder = await open(dir, 'r')
  await folder.sync()
  await folder.close()
}

const tempFile = () => join(dir, `received.${Date.now()}.part`)

function receiveMultipart(req) {
  return new Promise((resolve, reject) => {
    const bb = new Busboy({ headers: req.headers })
    let written
    bb.on('file', (_name, file) => {
      const temp = tempFile()
      written = pipeline(file, createWriteStream(temp, { flush: true })).then(() => commit(temp))
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
      if (req.url === '/raw') {
        const temp = tempFile()
        await pipeline(req, createWriteStream(temp, { flush: true }))
        await commit(temp)
      } else {
        await receiveMultipart(req)
      }
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
