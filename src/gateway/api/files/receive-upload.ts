import type { FastifyRequest } from 'fastify'
import { badRequest, GatewayError, isGatewayError } from '../../../shared/errors'
import { BlobTooLargeError, type StagedBlob } from '../../blobs/blob-store'
import { formatBytes } from '../../config/units'
import { multipartProblem } from '../../http/multipart-errors'
import { formParts } from '../../http/multipart-form'
import type { FileService } from '../../services/files/file-service'

export interface ReceivedUpload {
  staged: StagedBlob
  filename: string
  purpose: UploadPurpose
}

/** What clients may upload: batch input, and images or documents for the gateway's OCR tool. */
const PURPOSES = ['batch', 'vision', 'user_data'] as const
type UploadPurpose = (typeof PURPOSES)[number]

/** The name as the client's machine knew it, without folders or control characters. */
export function cleanFilename(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return Array.from(clean).slice(0, 255).join('') || 'upload'
}

function checkPurpose(value: string): void {
  if (!(PURPOSES as readonly string[]).includes(value)) {
    throw badRequest(`purpose must be one of "batch", "vision" or "user_data" (images and PDFs for the OCR tool); got ${JSON.stringify(value.slice(0, 64))}.`, 'purpose')
  }
}

/** Multipart and storage failures as errors a client can act on. */
function uploadError(e: unknown, maxBytes: number): unknown {
  if (isGatewayError(e)) return e
  if (e instanceof BlobTooLargeError) {
    return new GatewayError({
      status: 413,
      type: 'request_too_large',
      code: 'file_too_large',
      param: 'file',
      message: `The file is larger than this gateway's upload limit of ${formatBytes(maxBytes)}. Split it, or raise files.max_upload in the config.`,
    })
  }
  if ((e as { code?: string }).code === 'ENOSPC') {
    return new GatewayError({ status: 507, type: 'api_error', code: 'insufficient_storage', message: 'The disk holding the data dir is full; the upload was not stored.' })
  }
  return multipartProblem(e, 'a file part "file" and the field "purpose"') ?? e
}

/**
 * Reads `file` and `purpose` from a multipart upload in whichever order they come, streaming the file
 * into a staged blob (never whole in memory; the pipe's backpressure slows the client down to the
 * disk's pace). On any failure the staged blob is discarded and the rest of the body is read and
 * dropped, so the error reply reaches the client and the connection stays usable.
 */
export async function receiveUpload(req: FastifyRequest, files: FileService, maxBytes: number): Promise<ReceivedUpload> {
  if (!req.isMultipart()) {
    throw badRequest('Send the upload as multipart/form-data with a file part named "file" and the field purpose=batch.', null, 'invalid_content_type')
  }
  let staged: StagedBlob | undefined
  let filename = ''
  let purpose: string | undefined
  try {
    for await (const part of formParts(req)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(`Unexpected file part "${part.fieldname}": send the content as the part named "file".`, part.fieldname)
        filename = cleanFilename(part.filename)
        staged = await files.stage(part.file, maxBytes)
      } else if (part.fieldname === 'purpose') {
        purpose = String(part.value)
        checkPurpose(purpose)
      } else if (part.fieldname === 'file') {
        throw badRequest('"file" must be a file part (with a filename in its Content-Disposition), not a text field.', 'file')
      } else {
        throw badRequest(`Unknown field "${part.fieldname}": POST /v1/files takes "file" and "purpose".`, part.fieldname)
      }
    }
    if (purpose === undefined) throw badRequest('purpose is required: send the field purpose=batch (or vision, user_data for OCR).', 'purpose')
    if (!staged) throw badRequest('file is required: send the content as a file part named "file".', 'file')
    if (staged.bytes === 0) throw badRequest('The file is empty.', 'file')
  } catch (e) {
    await staged?.discard()
    req.raw.unpipe()
    req.raw.resume()
    throw uploadError(e, maxBytes)
  }
  return { staged, filename, purpose: purpose as UploadPurpose }
}
