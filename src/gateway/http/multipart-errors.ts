import { badRequest, type GatewayError } from '../../shared/errors'

/**
 * A multipart reader's failure (busboy / @fastify/multipart limits, a cut or malformed body) as the 400
 * a client can act on; null for anything else. `parts` says what the endpoint takes, for the messages.
 */
export function multipartProblem(e: unknown, parts: string): GatewayError | null {
  const err = e as { code?: string; message?: string }
  if (err.code === 'FST_FILES_LIMIT') return badRequest(`Send one file per upload, in the part named "file" (this endpoint takes ${parts}).`, 'file')
  if (err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FIELDS_LIMIT') return badRequest(`Too many parts: this endpoint takes ${parts}.`)
  if (err.code?.startsWith('FST_') || /^(Unexpected end of|Malformed|Multipart)/.test(err.message ?? '')) {
    return badRequest(`The multipart body could not be read: ${err.message}`, null, 'invalid_multipart')
  }
  return null
}

/** A file sent without a filename in its Content-Disposition (busboy gives it as a file or a text field). */
export const missingFilename = (field: string): GatewayError =>
  badRequest(
    `"${field}" must be a file part with a filename: send it with Content-Disposition: form-data; name="${field}"; filename="<name.ext>" (curl -F ${field}=@path and the official clients do).`,
    field,
    'missing_filename',
  )
