import type { Migration } from './index'

/**
 * A recording's owning team (issue 25's `/mcp` is scoped to the caller's team): a team's key sees its
 * team's recordings there, and never the owner's (no team), which the app records. A team that is
 * deleted hands its recordings back to the owner rather than deleting their audio.
 */
export const recordingTeam: Migration = {
  version: 12,
  name: 'recording-team',
  sql: /* sql */ `
    ALTER TABLE recordings ADD COLUMN team_id TEXT REFERENCES teams(id) ON DELETE SET NULL;
    CREATE INDEX recordings_team ON recordings(team_id, created_at DESC);
  `,
}
