import type { Multipart } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { badRequest, type GatewayError } from '../../shared/errors'
import { missingFilename, multipartProblem } from './multipart-errors'

/**
 * A multipart body's parts, as every multipart route reads them. A file part must carry a filename:
 * busboy takes an `application/octet-stream` part without one for a file whose `filename` is undefined,
 * which the routes would otherwise meet as a string, and any other part without one for a text field.
 */
export async function* formParts(req: FastifyRequest): AsyncGenerator<Multipart> {
  for await (const part of req.parts()) {
    if (part.type === 'file' && !part.filename) {
      part.file.resume()
      throw missingFilename(part.fieldname)
    }
    // Every multipart route takes its file in "file": as a text field it is a file part sent without a filename.
    if (part.type === 'field' && part.fieldname === 'file') throw missingFilename('file')
    yield part
  }
}

/** A multipart form read into memory: its one file part (named `file`) and every text field by name. */
export interface SmallForm {
  file: { data: Buffer; filename: string } | null
  fields: Record<string, string[]>
}

export interface SmallFormOptions {
  /** The text fields the endpoint takes; any other is refused by name. */
  allowed: readonly string[]
  maxBytes: number
  /** The 413 for a file over `maxBytes` (it names the setting that raises the limit). */
  tooLarge: () => GatewayError
  /** What to send, for the 400 when the body is not multipart. */
  howToSend: string
}

/**
 * Reads a form whose file is bounded by a small limit (audio uploads), the file part into memory and
 * every other part as text. Field names outside `allowed` are refused by name.
 */
export async function readSmallForm(req: FastifyRequest, opts: SmallFormOptions): Promise<SmallForm> {
  if (!req.isMultipart()) throw badRequest(opts.howToSend, 'file', 'invalid_content_type')
  const form: SmallForm = { file: null, fields: {} }
  try {
    for await (const part of formParts(req)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer()
          throw badRequest(`Unexpected file part "${part.fieldname}": the file goes in the part named "file".`, part.fieldname)
        }
        const data = await part.toBuffer()
        if (part.file.truncated || data.length > opts.maxBytes) throw opts.tooLarge()
        form.file = { data, filename: part.filename }
      } else {
        if (!opts.allowed.includes(part.fieldname)) {
          throw badRequest(`Unrecognized request argument supplied: ${part.fieldname}. This endpoint takes ${opts.allowed.join(', ')}.`, part.fieldname, 'unknown_parameter')
        }
        ;(form.fields[part.fieldname] ??= []).push(String(part.value))
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw opts.tooLarge()
    throw multipartProblem(err, `one file part "file" and the fields ${opts.allowed.join(', ')}`) ?? err
  }
  return form
}
