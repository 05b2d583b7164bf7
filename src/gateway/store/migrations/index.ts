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
import { changeNotifications } from './0013-change-notifications'
import { insertionOrder } from './0014-insertion-order'
import { cluster } from './0015-cluster'
import { responseItemsByResponse } from './0020-response-items-by-response'
import { governanceSchema } from './0022-governance'
import { auditLog } from './0023-audit-log'
import { responseCache } from './0026-response-cache'
import { recordingSegmentEdits } from './0033-recording-segment-edits'
import { recordingIndex } from './0034-recording-index'
import { recordingSummaries } from './0035-recording-summaries'
import { watchedFiles } from './0036-watched-files'
import { usageLogWithoutModelIndex } from './0040-usage-log-without-model-index'

export interface Migration {
  version: number
  name: string
  /** SQLite's DDL; PostgreSQL runs it too (or `postgres`) through `postgresDdl` (store/postgres/postgres-ddl.ts), which maps column types. */
  sql: string
  /** PostgreSQL's DDL, only where it differs beyond column types (virtual tables, triggers, rebuilt tables). */
  postgres?: string
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
  changeNotifications,
  insertionOrder,
  cluster,
  responseItemsByResponse,
  governanceSchema,
  auditLog,
  responseCache,
  recordingSegmentEdits,
  recordingIndex,
  recordingSummaries,
  watchedFiles,
  usageLogWithoutModelIndex,
]
