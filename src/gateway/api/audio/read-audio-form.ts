import type { FastifyRequest } from 'fastify'
import { badRequest, GatewayError } from '../../../shared/errors'
import { formatBytes } from '../../config/units'

export interface AudioForm {
  file: { data: Buffer; filename: string } | null
  fields: Record<string, string[]>
}

/**
 * Reads a transcription or translation form: the `file` part into memory (audio uploads are bounded by
 * audio.max_upload) and every other part as text. Field names outside `allowed` are refused by name.
 */
export async function readAudioForm(req: FastifyRequest, allowed: readonly string[], maxBytes: number): Promise<AudioForm> {
  if (!req.isMultipart()) throw badRequest('Send the audio as multipart/form-data with a "file" part and a "model" field.', 'file', 'invalid_content_type')
  const form: AudioForm = { file: null, fields: {} }
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer()
          throw badRequest(`Unexpected file part "${part.fieldname}": the audio goes in the part named "file".`, part.fieldname)
        }
        const data = await part.toBuffer()
        if (part.file.truncated || data.length > maxBytes) throw tooLarge(maxBytes)
        form.file = { data, filename: part.filename || 'audio' }
      } else {
        if (!allowed.includes(part.fieldname)) throw badRequest(`Unrecognized request argument supplied: ${part.fieldname}. This endpoint takes ${allowed.join(', ')}.`, part.fieldname, 'unknown_parameter')
        ;(form.fields[part.fieldname] ??= []).push(String(part.value))
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes)
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one audio file per request, in the part named "file".', 'file')
    if (code?.startsWith('FST_')) throw badRequest(`The multipart body could not be read: ${(err as Error).message}`, null, 'invalid_multipart')
    throw err
  }
  return form
}

const tooLarge = (maxBytes: number) =>
  new GatewayError({
    status: 413,
    type: 'request_too_large',
    code: 'file_too_large',
    param: 'file',
    message: `The audio file is larger than this gateway's limit of ${formatBytes(maxBytes)}. Send a shorter recording, or raise audio.max_upload in the config.`,
  })
