// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { BudgetsCard } from './BudgetsCard'

describe('Usage: budgets (issue 27)', () => {
  it('shows each budget against what its period spent, and when it renews', async () => {
    const api = fakeGatewayApi()
    api.governance.budgets.push(
      { scope: 'team', id: 't1', name: 'research', credits: 50, period: '1d', spent: 45, period_start: '2026-11-22T00:00:00.000Z', renews_at: '2026-11-23T00:00:00.000Z' },
      { scope: 'user', id: 'u1', name: 'bea', credits: 10, period: 'month', spent: 12, period_start: '2026-11-01T00:00:00.000Z', renews_at: '2026-12-01T00:00:00.000Z' },
    )
    const { store } = testStore(api)
    renderWithStore(<BudgetsCard />, store)
    const list = await screen.findByRole('list', { name: 'Budgets' })
    const [team, user] = within(list).getAllByRole('listitem')
    expect(team).toHaveTextContent(/Team research.*45.* of 50.* credits this 1d period; renews/)
    expect((within(team!).getByRole('meter', { name: 'Team research: 90% of the budget spent' }) as HTMLMeterElement).value).toBe(0.9)
    expect(within(user!).getByRole('meter', { name: 'User bea: 100% of the budget spent' })).toBeInTheDocument()
  })

  it('shows nothing when no budget is set', async () => {
    const { store } = testStore(fakeGatewayApi())
    const { container } = renderWithStore(<BudgetsCard />, store)
    await act(async () => {})
    expect(container).toBeEmptyDOMElement()
  })
})
