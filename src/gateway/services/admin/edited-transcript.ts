import type { RecordingTranscript } from '../../../shared/recording-wire'
import type { SegmentEdit } from '../../store/repos/recording-edits-repo'

/**
 * The transcript as people corrected it: each edited segment (by its number in the list, from 0) shows its
 * edit, marked, with the machine text beside it; the whole text is then the segments' texts joined.
 */
export function editedTranscript(machine: RecordingTranscript, edits: ReadonlyMap<number, SegmentEdit>): RecordingTranscript {
  if (edits.size === 0) return machine
  const segments = machine.segments.map((s, n) => {
    const edit = edits.get(n)
    return edit ? { ...s, text: edit.text, edited: true as const, original_text: s.text } : s
  })
  return { ...machine, segments, text: segments.map((s) => s.text.trim()).filter(Boolean).join(' ') }
}
