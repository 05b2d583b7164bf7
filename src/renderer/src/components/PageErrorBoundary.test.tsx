// @vitest-environment jsdom
import '../test/dom-test-setup'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PageErrorBoundary } from './PageErrorBoundary'

describe('PageErrorBoundary', () => {
  it('keeps a page that throws inside itself, names it, and renders it again on "Reload this page"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let broken = true
    const Flaky = () => {
      if (broken) throw new Error('Maximum update depth exceeded')
      return <h1>Models</h1>
    }
    render(<><nav>still here</nav><PageErrorBoundary page="Models"><Flaky /></PageErrorBoundary></>)
    expect(screen.getByRole('alert')).toHaveTextContent('The Models page stopped working')
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum update depth exceeded')
    expect(screen.getByText('still here')).toBeInTheDocument()
    broken = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload this page' }))
    expect(screen.getByRole('heading', { name: 'Models' })).toBeInTheDocument()
  })
})
