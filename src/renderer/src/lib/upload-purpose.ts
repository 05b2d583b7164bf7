export type UploadPurpose = 'batch' | 'vision' | 'user_data'

/**
 * The `purpose` a file goes up with, as the Files API takes it: a JSONL file is a batch's input (checked
 * line by line first), an image is for vision, anything else (PDFs, audio, text) is user data.
 */
export function uploadPurposeOf(file: { name: string; type: string }): UploadPurpose {
  if (/\.jsonl$/i.test(file.name) || file.type === 'application/jsonl' || file.type === 'application/x-ndjson') return 'batch'
  if (file.type.startsWith('image/')) return 'vision'
  return 'user_data'
}
