export { clock, EXPORT_FORMATS, exportTranscript, type ExportFormat } from '../../../../shared/transcript-export'
