// @vitest-environment jsdom
import '../test/dom-test-setup'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmButton } from './ConfirmButton'

describe('ConfirmButton', () => {
  // Issue 22: an icon-only delete turned red on the first click and said nothing about a second one.
  it('an icon-only button says in words that a second click is needed', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    render(<ConfirmButton icon="trash" aria-label="Delete Lisbon plans" confirmLabel="Click again to delete Lisbon plans" onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Delete Lisbon plans' }))
    const armed = screen.getByRole('button', { name: 'Click again to delete Lisbon plans' })
    expect(armed).toHaveTextContent('Click again')
    expect(onConfirm).not.toHaveBeenCalled()
    await user.click(armed)
    expect(onConfirm).toHaveBeenCalledOnce()
  })
})
