// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../../shared/admin-wire'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { AuditLogSection } from './AuditLogSection'

const entry = (i: number, kind: string): AuditEntry => ({ id: `a${i}`, at: Date.UTC(2026, 10, 22, 12, i), actor: 'admin-token', action: 'update', target_kind: kind, target_id: `id-${i}`, before: { rpm_limit: i }, after: { rpm_limit: i + 1 } })

describe('Settings: audit log (issue 27)', () => {
  it('lists admin changes newest first with before and after, pages to older ones, and filters by what changed', async () => {
    const user = userEvent.setup()
    const api = fakeGatewayApi()
    api.governance.audit.push(...Array.from({ length: 30 }, (_, i) => entry(30 - i, i % 2 ? 'keys' : 'teams')))
    const { store } = testStore(api)
    renderWithStore(<AuditLogSection />, store)
    const table = await screen.findByRole('region', { name: 'Audit log entries' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26))
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('update teams id-30')
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('{"before":{"rpm_limit":30},"after":{"rpm_limit":31}}')
    await user.click(screen.getByRole('button', { name: 'Show older changes' }))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(31))
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull()

    await user.selectOptions(screen.getByRole('combobox', { name: 'What changed' }), 'keys')
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Audit log entries' })).getAllByRole('row')).toHaveLength(16))
  })
})
