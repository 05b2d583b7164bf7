// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LevelMeter } from './LevelMeter'

describe('LevelMeter (issue 22: the recorder showed an unlabeled "35%" bar)', () => {
  it('is a meter named "Input level" whose value reads as a percentage, with "Level 35%" beside it', () => {
    render(<LevelMeter level={0.35} active />)
    const meter = screen.getByRole('meter', { name: 'Input level' })
    expect(meter).toHaveAttribute('aria-valuetext', '35%')
    expect(meter.parentElement).toHaveTextContent('Level 35%')
  })

  it('reads "Level —" and no value while not recording', () => {
    render(<LevelMeter level={0.8} active={false} />)
    expect(screen.getByRole('meter', { name: 'Input level' })).toHaveAttribute('aria-valuetext', 'not recording')
    expect(screen.getByText('Level —')).toBeInTheDocument()
  })
})
