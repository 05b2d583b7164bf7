import { useEffect, useRef } from 'react'

/**
 * Audio drawn as bars of its loudest samples, with the played part in the accent colour. Clicking seeks;
 * the player beside it is the accessible control, so the drawing itself is hidden from assistive tech.
 */
export function Waveform({ peaks, progress = 0, onSeek, height = 56, className }: { peaks: ArrayLike<number>; progress?: number; onSeek?: (fraction: number) => void; height?: number; className?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const el = canvas.current
    if (!el) return
    const draw = () => {
      const width = el.clientWidth
      const ratio = window.devicePixelRatio || 1
      el.width = Math.max(1, Math.round(width * ratio))
      el.height = Math.round(height * ratio)
      const g = el.getContext('2d')
      if (!g) return
      const style = getComputedStyle(el)
      const played = style.getPropertyValue('--accent').trim() || '#3b5bdb'
      const rest = style.getPropertyValue('--border-strong').trim() || '#c9cfd8'
      g.scale(ratio, ratio)
      g.clearRect(0, 0, width, height)
      const bars = Math.max(1, Math.floor(width / 3))
      const n = peaks.length
      for (let b = 0; b < bars; b++) {
        const from = Math.floor((b * n) / bars)
        const to = Math.max(from + 1, Math.floor(((b + 1) * n) / bars))
        let v = 0
        for (let i = from; i < Math.min(n, to); i++) v = Math.max(v, peaks[i]!)
        const h = Math.max(1, Math.min(1, v * 1.6) * (height - 4))
        g.fillStyle = b / bars < progress ? played : rest
        g.fillRect(b * 3, (height - h) / 2, 2, h)
      }
    }
    draw()
    const observer = new ResizeObserver(draw)
    observer.observe(el)
    return () => observer.disconnect()
  }, [peaks, progress, height])
  return (
    <canvas
      ref={canvas}
      className={`waveform${onSeek ? ' waveform-seek' : ''}${className ? ` ${className}` : ''}`}
      style={{ height }}
      aria-hidden="true"
      onClick={onSeek && ((e) => onSeek(Math.max(0, Math.min(1, e.nativeEvent.offsetX / e.currentTarget.clientWidth))))}
    />
  )
}
