import { setFlagsFromString } from 'node:v8'

/**
 * Makes V8 free the Buffers a young-generation collection finds dead inside that collection, instead of on a
 * helper thread afterwards. Call it once at start-up, before the first upload, in the process that serves HTTP.
 *
 * Why: Node's HTTP parser copies every body chunk of an upload into a fresh 64 kB Buffer (1 GB of them per GB).
 * V8 (Node 20) collects the young generation each time 32 MB of young Buffers pile up, and right after that
 * collection checks whether to start a full one. That check counts the external memory allocated since the last
 * full collection against the old generation's limit; with concurrent ArrayBuffer sweeping (V8's default) the
 * Buffers just found dead are still counted then (their sweep runs later on a helper thread), so the check sees
 * ~32 MB more than is alive. Whenever the old generation's headroom is below that (its limit is set from the live
 * heap at each full collection, and after a quiet spell it is ~9 MB above a ~15 MB heap), every young collection
 * starts a full one: 35-76 full collections per GB, 2.0-2.3 s of CPU per GB instead of 1.1 (traced with
 * --trace-gc --trace-incremental-marking; the values read from the check itself with gdb). Sweeping inside the
 * collection frees them before the check, so an upload runs in the good mode whatever the heap's history.
 *
 * Only the sweeping of dead ArrayBuffers moves: a free() per Buffer on the main thread, inside the pause.
 * A setting someone passes to node themselves (`--concurrent-array-buffer-sweeping`, or its `--no-` form) wins;
 * returns whether the setting was made.
 */
export function sweepArrayBuffersInPause(execArgv: readonly string[], nodeOptions = ''): boolean {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => /^--(no-)?concurrent[-_]array[-_]buffer[-_]sweeping(=|$)/.test(arg))
  if (given) return false
  setFlagsFromString('--no-concurrent-array-buffer-sweeping')
  return true
}

/**
 * How large a body streamed to disk grows before keepFreedBuffersForReuse is called. The thresholds it raises are
 * glibc's for every thread's heap, and they make the heaps keep what they free: blocks up to ~31 MB come from the
 * heaps instead of their own mappings, and a heap's free top is kept up to ~62 MB. In the hour-long soak (64 kB
 * uploads among chat and speech) a gateway that raised them at its first upload held 176 MB at minute 12 and 183 from
 * minute 18, the heap of one thread other than the main one keeping 37.7 MB free (gdb, `malloc_info`), against
 * 133 MB at minute 12 with glibc's own thresholds. A body under 8 MB never needs them: a young collection frees the
 * parser's Buffers only once ~32 MB of them have piled up.
 */
export const KEEP_FREED_BUFFERS_PAST_BYTES = 8 * 1024 * 1024

/** Just under glibc's ceiling for a moving mmap threshold on 64-bit (32 MiB, its chunk header and page rounding included). */
const FREED_TO_RAISE_THRESHOLDS = 31 * 1024 * 1024
let thresholdsRaised = false

/**
 * Makes glibc's malloc keep the memory an upload's Buffers are freed into, so the next ones reuse it instead of
 * faulting in fresh pages. Call it once a body streamed to disk is large (KEEP_FREED_BUFFERS_PAST_BYTES); only the
 * first call does anything. Returns whether this call did.
 *
 * Why: each young collection during an upload frees ~32 MB of the parser's 64 kB Buffers at once. glibc hands the
 * top of its heap back to the kernel whenever more than its trim threshold is free there; that threshold starts at
 * 128 kB and rises (to twice the size) only when a block glibc had mapped on its own (over the mmap threshold) is
 * freed, so whether a gateway trims depends on what it happened to free before. A/B on 1 GB uploads (`curl -F` into
 * `/v1/files`, three in each of eight fresh gateway processes per side): without this, four processes of eight shrank
 * and regrew their heap ~360 times per GB (strace: `brk`), 16,000-35,000 page faults per GB on the main thread after
 * the first upload and 1.5-1.9 s per upload, against 10-80 faults and 1.0-1.3 s in the others; with it, all eight
 * had 9-78 faults and 1.0-1.5 s. (Each fault is dear here: the VM's page tables are the host's to fill.)
 * So one such block is made and dropped here, just under glibc's 32 MiB ceiling: when V8 frees it (its next young
 * collection, inside the pause; see sweepArrayBuffersInPause) the trim threshold becomes ~62 MB and the mmap
 * threshold ~31 MB, as `GLIBC_TUNABLES=glibc.malloc.trim_threshold=…` would set them before start (which no code can
 * do for a process already running). The block is calloc'd and never touched, so it costs no resident memory; the
 * gateway's RSS after two 1 GB uploads was the same with and without (116-119 MB). Off Linux it does nothing: other
 * C libraries (macOS, Windows) manage their heaps otherwise. Not measured in Electron's gateway process.
 */
export function keepFreedBuffersForReuse(platform: NodeJS.Platform = process.platform): boolean {
  if (thresholdsRaised || platform !== 'linux') return false
  thresholdsRaised = new ArrayBuffer(FREED_TO_RAISE_THRESHOLDS).byteLength > 0 // made and dropped
  return thresholdsRaised
}
