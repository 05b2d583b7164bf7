import { describe, expect, it } from 'vitest'
import { BatchedFileWriter, type FileOps } from './batched-file-writer'

const MB = 1024 * 1024
const FD = 42

/**
 * File calls on an in-memory file, logged in order with how many MB the file held when each was made. Each call
 * answers on a later turn of the event loop, as the thread pool does; a kind listed in `hold` waits until
 * `release(kind)`, so the test decides what is still running when.
 */
function fakeFile(hold: Array<keyof FileOps> = []) {
  const log: string[] = []
  const content: Buffer[] = []
  let bytes = 0
  const held = new Map<keyof FileOps, Array<() => void>>()
  const answer = (kind: keyof FileOps, fn: () => void) => {
    if (hold.includes(kind)) held.set(kind, [...(held.get(kind) ?? []), fn])
    else setImmediate(fn)
  }
  const ops: FileOps = {
    writev(fd, buffers, done) {
      expect(fd).toBe(FD)
      log.push(`writev to ${(bytes + buffers.reduce((n, b) => n + b.length, 0)) / MB}`)
      answer('writev', () => {
        for (const b of buffers) content.push(Buffer.from(b))
        const n = buffers.reduce((sum, b) => sum + b.length, 0)
        bytes += n
        done(null, n)
      })
    },
    fdatasync: (_fd, done) => (log.push(`fdatasync at ${bytes / MB}`), answer('fdatasync', () => done(null))),
    fsync: (_fd, done) => (log.push(`fsync at ${bytes / MB}`), answer('fsync', () => done(null))),
    close: (_fd, done) => (log.push('close'), answer('close', () => done(null))),
  }
  return {
    ops,
    log,
    content: () => Buffer.concat(content),
    /** Answers the held calls of `kind`, and from now on answers such calls at once. */
    release(kind: keyof FileOps) {
      hold.splice(hold.indexOf(kind), 1)
      for (const fn of held.get(kind) ?? []) setImmediate(fn)
      held.delete(kind)
    },
  }
}

const chunk = (i: number) => Buffer.alloc(MB, i)
const write = (w: BatchedFileWriter, data: Buffer) => new Promise<void>((resolve, reject) => w.write(data, (e) => (e ? reject(e) : resolve())))
const finished = (w: BatchedFileWriter) => new Promise<void>((resolve, reject) => (w.once('finish', resolve), w.once('error', reject)))
/** Lets every call that is not held answer. */
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r))
}

describe('BatchedFileWriter write-behind', () => {
  it('starts an fdatasync each time 4 MB more were written, one at a time, and no write waits for it', async () => {
    const file = fakeFile(['fdatasync'])
    const w = new BatchedFileWriter(FD, { syncBehindBytes: 4 * MB, ops: file.ops })
    for (let i = 0; i < 10; i++) await write(w, chunk(i)) // the first sync is held all along: the writes go on
    expect(file.log.filter((l) => l.startsWith('fdatasync'))).toEqual(['fdatasync at 4'])

    file.release('fdatasync')
    await turns()
    await write(w, chunk(10))
    await write(w, chunk(11))
    const done = finished(w)
    w.end()
    await done
    // after the held one returned, the next started at the next write (11 MB, 7 past the last); 12 MB is the tail
    expect(file.log.filter((l) => !l.startsWith('writev'))).toEqual(['fdatasync at 4', 'fdatasync at 11', 'fsync at 12', 'close'])
    expect(file.content().equals(Buffer.concat(Array.from({ length: 12 }, (_, i) => chunk(i))))).toBe(true)
  })

  it('leaves the tail to the final fsync: no sync starts once the stream is ending', async () => {
    const file = fakeFile()
    const w = new BatchedFileWriter(FD, { syncBehindBytes: 2 * MB, ops: file.ops })
    const done = finished(w)
    w.write(chunk(0))
    w.write(chunk(1))
    w.end(chunk(2))
    await done
    expect(file.log.filter((l) => !l.startsWith('writev'))).toEqual(['fsync at 3', 'close'])
  })

  it('fsyncs at the end only after a write-behind sync still running has returned', async () => {
    const file = fakeFile(['fdatasync'])
    const w = new BatchedFileWriter(FD, { syncBehindBytes: 2 * MB, ops: file.ops })
    const done = finished(w)
    await write(w, chunk(0))
    await write(w, chunk(1))
    w.end(Buffer.from('tail'))
    await turns()
    expect(file.log.at(-1)).toBe(`writev to ${(2 * MB + 4) / MB}`)

    file.release('fdatasync')
    await done
    expect(file.log.slice(-2)).toEqual([`fsync at ${(2 * MB + 4) / MB}`, 'close'])
  })

  it('fails the stream when a write-behind sync fails (an I/O error is not an upload that succeeded)', async () => {
    const file = fakeFile()
    const eio = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })
    file.ops.fdatasync = (_fd, done) => setImmediate(() => done(eio))
    const w = new BatchedFileWriter(FD, { syncBehindBytes: MB, ops: file.ops })
    const failed = new Promise((resolve) => w.once('error', resolve))
    const closed = new Promise((resolve) => w.once('close', resolve))
    await write(w, chunk(0))
    await turns()
    w.write(chunk(1))
    expect(await failed).toBe(eio)
    await closed
    expect(file.log.filter((l) => !l.startsWith('writev'))).toEqual(['close'])
  })

  it('closes its descriptor when destroyed only once the write on the thread pool has returned (the number could be reused meanwhile)', async () => {
    const file = fakeFile(['writev'])
    const w = new BatchedFileWriter(FD, { ops: file.ops })
    w.write(chunk(0))
    await turns()
    w.destroy(new Error('client went away'))
    w.on('error', () => {})
    await turns()
    expect(file.log).toEqual(['writev to 1'])

    file.release('writev')
    await new Promise((r) => w.once('close', r))
    expect(file.log).toEqual(['writev to 1', 'close'])
  })
})

describe('BatchedFileWriter whenLarger', () => {
  it('calls back once, from the write that takes the stream past its size, and never for a smaller stream', async () => {
    const file = fakeFile()
    const calls: number[] = []
    const w = new BatchedFileWriter(FD, { ops: file.ops, whenLarger: { bytes: 2 * MB, then: () => calls.push(w.bytes) } })
    await write(w, chunk(1))
    await write(w, chunk(2))
    expect(calls).toEqual([]) // exactly 2 MB is not past it
    await write(w, chunk(3))
    await write(w, chunk(4))
    w.end()
    await finished(w)
    expect(calls).toEqual([3 * MB])

    const small = new BatchedFileWriter(FD, { ops: fakeFile().ops, whenLarger: { bytes: 2 * MB, then: () => calls.push(-1) } })
    await write(small, chunk(1))
    small.end()
    await finished(small)
    expect(calls).toEqual([3 * MB])
  })
})
