import { z } from 'zod'
import { watchFolderSchema } from '../../config/config-schema'

/**
 * Bodies and queries of `/admin/recordings`, each built on its route's first request (z.lazy), as admin-schemas.ts's:
 * a gateway that never handles a recording need not hold them.
 */

export const idParams = z.object({ id: z.string() })
/** A chunk number as written by counting: 0, 1, 2... (no sign, leading zeros, exponent or hex, which would name the same chunk twice). */
export const chunkParams = z.lazy(() => z.object({
  id: z.string(),
  seq: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,14})$/, 'must be a whole number 0 or more written in plain digits, without leading zeros (e.g. 0, 1, 2)')
    .transform(Number),
}))

/** A segment by its place in the transcript's list, from 0. */
export const segmentParams = z.lazy(() => z.object({
  id: z.string(),
  n: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,8})$/, 'must be a segment number 0 or more in plain digits (the first segment is 0)')
    .transform(Number),
}))
export const segmentEditBody = z.lazy(() => z.strictObject({ text: z.string().trim().min(1, 'must not be empty (to undo a correction, DELETE /admin/recordings/{id}/segments/{n}/edit)').max(20_000) }))
export const exportQuery = z.lazy(() => z.object({ format: z.enum(['srt', 'vtt', 'txt', 'json'], { error: 'must be one of srt, vtt, txt, json' }).default('txt') }))

export const summarizeBody = z.lazy(() => z.strictObject({
  model: z.string().trim().min(1, 'must name a chat model the team may use (GET /v1/models with its key lists them)'),
  /** The team billed; omitted: the recording's (or the only team). */
  team: z.string().trim().min(1).max(200).optional(),
}))

export const recordingsQuery = z.lazy(() => z.object({
  q: z.string().max(200).optional(),
  source: z.enum(['microphone', 'upload', 'speech']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
}))

export const startRecordingBody = z.lazy(() => z.strictObject({
  title: z.string().trim().max(200).optional(),
  /** Samples a second of the 16-bit mono PCM the chunks will carry. */
  sample_rate: z.number().int(),
  /** The owning team's name or id; omitted: the owner's. */
  team: z.string().trim().min(1).max(200).optional(),
}))

const segment = z.object({ id: z.number().int(), start: z.number().min(0), end: z.number().min(0), text: z.string() })
export const recordingPatchBody = z.lazy(() => z.strictObject({
  title: z.string().trim().min(1, 'must not be empty').max(200).optional(),
  transcript: z
    .strictObject({
      text: z.string().max(2_000_000),
      segments: z.array(segment).max(100_000),
      language: z.string().max(40).nullable().optional(),
      model: z.string().max(200).nullable().optional(),
      task: z.enum(['transcribe', 'translate']).optional(),
    })
    .nullable()
    .optional(),
  state: z.literal('complete', { error: 'can only be set to "complete" (the recording takes no more chunks)' }).optional(),
  /** A team's name or id; null gives the recording back to the owner. */
  team: z.string().trim().min(1).max(200).nullable().optional(),
}))

/** The text fields of `POST /admin/recordings/upload`. */
export const uploadFields = z.lazy(() => z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  source: z.enum(['upload', 'speech']).default('upload'),
  duration: z.coerce.number().min(0).max(24 * 3600).optional(),
  team: z.string().trim().min(1).max(200).optional(),
}))

/** `PUT /admin/watch-folders`: the folders set in Settings (the config file's stay as they are). */
export const watchFoldersBody = z.lazy(() => z.strictObject({ folders: z.array(watchFolderSchema).max(50) }))
