import { initialSchema } from './0001-initial'
import { usageAndAgents } from './0002-usage-and-agents'
import { filesSchema } from './0003-files'
import { batchesSchema } from './0004-batches'
import { conversations } from './0005-conversations'
import { recordings } from './0006-recordings'
import { gatewayTools } from './0007-gateway-tools'
import { sessionsOauthUsageState } from './0008-sessions-oauth-usage-state'
import { recordingChunks } from './0009-recording-chunks'
import { responsesSchema } from './0010-responses'
import { mcpServers } from './0011-mcp-servers'
import { recordingTeam } from './0012-recording-team'
import { recordingSegmentEdits } from './0033-recording-segment-edits'
import { recordingIndex } from './0034-recording-index'
import { recordingSummaries } from './0035-recording-summaries'
import { watchedFiles } from './0036-watched-files'

export interface Migration {
  version: number
  name: string
  sql: string
}

/** Every schema version, in order. Add a file per version; never edit one that has shipped. */
export const migrations: Migration[] = [
  initialSchema,
  usageAndAgents,
  filesSchema,
  batchesSchema,
  conversations,
  recordings,
  gatewayTools,
  sessionsOauthUsageState,
  recordingChunks,
  responsesSchema,
  mcpServers,
  recordingTeam,
  recordingSegmentEdits,
  recordingIndex,
  recordingSummaries,
  watchedFiles,
]
