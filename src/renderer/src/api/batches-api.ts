import type { FileObject } from '../../../shared/admin-wire'
import { ApiError, errorFromResponse } from './api-error'
import type { Connection } from './connection'
import { requestJson } from './http'

/** OpenAI's batch object, the fields the page shows. */
export interface BatchObject {
  id: string
  object: 'batch'
  endpoint: string
  status: 'validating' | 'failed' | 'in_progress' | 'finalizing' | 'completed' | 'expired' | 'cancelling' | 'cancelled'
  input_file_id: string
  output_file_id: string | null
  error_file_id: string | null
  errors: { data: Array<{ code: string; message: string; line: number | null }> } | null
  created_at: number
  completed_at: number | null
  request_counts: { total: number; completed: number; failed: number }
  metadata: Record<string, string> | null
}

export interface CursorPage<T> {
  data: T[]
  has_more: boolean
  last_id: string | null
}

export interface FileListQuery {
  purpose: 'batch' | 'batch_output'
  order: 'asc' | 'desc'
  after?: string
  limit: number
}

/** `/v1/files` with its cursor and upload progress, and `/v1/batches`. */
export interface BatchesApi {
  listFiles(apiKey: string, q: FileListQuery): Promise<CursorPage<FileObject>>
  /** Uploads with progress (0..1) as the bytes leave; abort with `signal`. */
  uploadFileWithProgress(apiKey: string, file: File, onProgress: (fraction: number) => void, signal: AbortSignal, purpose?: 'batch' | 'vision' | 'user_data'): Promise<FileObject>
  listBatches(apiKey: string, q: { after?: string; limit: number }): Promise<CursorPage<BatchObject>>
  batch(apiKey: string, id: string): Promise<BatchObject>
  createBatch(apiKey: string, inputFileId: string): Promise<BatchObject>
  cancelBatch(apiKey: string, id: string): Promise<BatchObject>
}

export function createBatchesApi(conn: Connection): BatchesApi {
  const enc = encodeURIComponent
  const call = <T>(apiKey: string, path: string, method: 'GET' | 'POST' = 'GET', body?: unknown) => requestJson<T>(conn, path, { method, body, auth: { apiKey } })
  return {
    listFiles: (apiKey, q) => call(apiKey, `/v1/files?${new URLSearchParams({ purpose: q.purpose, order: q.order, limit: String(q.limit), ...(q.after ? { after: q.after } : {}) })}`),
    uploadFileWithProgress: (apiKey, file, onProgress, signal, purpose = 'batch') =>
      // fetch cannot report upload progress; XMLHttpRequest can.
      new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest()
        xhr.open('POST', `${conn.baseUrl}/v1/files`)
        xhr.setRequestHeader('authorization', `Bearer ${apiKey}`)
        xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total)
        xhr.onload = () => {
          const res = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' } })
          if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as FileObject)
          else void errorFromResponse(res).then(reject)
        }
        xhr.onerror = () => reject(new ApiError('Cannot reach the gateway (the upload failed).', { status: 0, code: 'network_error' }))
        xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
        signal.addEventListener('abort', () => xhr.abort(), { once: true })
        const form = new FormData()
        form.append('purpose', purpose)
        form.append('file', file, file.name)
        xhr.send(form)
      }),
    listBatches: (apiKey, q) => call(apiKey, `/v1/batches?${new URLSearchParams({ limit: String(q.limit), ...(q.after ? { after: q.after } : {}) })}`),
    batch: (apiKey, id) => call(apiKey, `/v1/batches/${enc(id)}`),
    createBatch: (apiKey, inputFileId) => call(apiKey, '/v1/batches', 'POST', { input_file_id: inputFileId, endpoint: '/v1/chat/completions', completion_window: '24h' }),
    cancelBatch: (apiKey, id) => call(apiKey, `/v1/batches/${enc(id)}/cancel`, 'POST', {}),
  }
}
