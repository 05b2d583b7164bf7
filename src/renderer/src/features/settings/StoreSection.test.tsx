// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { StoreSection } from './StoreSection'

const show = (api = fakeGatewayApi()) => {
  const { store } = testStore(api)
  store.setState({ auth: 'signed-in' })
  renderWithStore(<StoreSection />, store)
}

describe('Settings: Store and instances', () => {
  it('shows the SQLite file of a gateway alone on its store', async () => {
    show()
    expect(await screen.findByText('SQLite, /data/gatehouse.db')).toBeInTheDocument()
    expect(screen.getByText(/owned by this gateway alone/)).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Live instances' })).getAllByRole('listitem')).toHaveLength(1)
  })

  it('shows a PostgreSQL store by host and database (no password is ever sent) and lists every live instance', async () => {
    const api = fakeGatewayApi()
    const now = Date.now()
    api.cluster = async () => ({
      store: { engine: 'postgres', host: 'db.internal', port: 5432, database: 'gatehouse', user: 'gate' },
      shared: true,
      instance_id: 'gw_b',
      instances: ['gw_a', 'gw_b', 'gw_c'].map((id, n) => ({ id, host: `node-${n}`, pid: 100 + n, version: '0.1.0', url: null, started_at: now, heartbeat_at: now })),
    })
    show(api)
    expect(await screen.findByText('PostgreSQL, gate@db.internal:5432/gatehouse')).toBeInTheDocument()
    const items = within(screen.getByRole('list', { name: 'Live instances' })).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[1]).toHaveTextContent(/gw_b on node-1 \(pid 101\), version 0\.1\.0 \(this one\)/)
  })
})
