/** The input level as a meter: what a screen reader announces and the eye follows while recording. */
export function LevelMeter({ level, active }: { level: number; active: boolean }) {
  return (
    <div className="level-meter">
      <meter className="level-meter-bar" min={0} max={1} low={0.7} high={0.9} optimum={0.5} value={active ? level : 0} aria-label="Input level" aria-valuetext={active ? `${Math.round(level * 100)}%` : 'not recording'} />
      <span className="small muted level-meter-text" aria-hidden="true">{active ? `Level ${Math.round(level * 100)}%` : 'Level —'}</span>
    </div>
  )
}
