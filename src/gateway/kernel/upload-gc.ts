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
