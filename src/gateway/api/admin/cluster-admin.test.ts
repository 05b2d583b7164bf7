import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, startTestGateway, type TestGateway } from '../../../../test/support/harness'
import type { ClusterStatus } from '../../../shared/cluster-wire'

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw.close()
})

describe('GET /admin/cluster and GET /health/ready', () => {
  it('shows the store this gateway uses and itself as the one live instance of an SQLite store', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/admin/cluster', headers: admin })
    expect(res.statusCode).toBe(200)
    const status = res.json() as ClusterStatus
    expect(status).toMatchObject({ shared: false, store: { engine: 'sqlite' } })
    expect(status.instances).toEqual([expect.objectContaining({ id: status.instance_id, version: expect.any(String) })])
    expect((await gw.app.inject({ method: 'GET', url: '/admin/cluster' })).statusCode).toBe(401)
  })

  it('answers ready while the store answers, and 503 naming the cause once it does not', async () => {
    const ready = await gw.app.inject({ method: 'GET', url: '/health/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready' })

    gw.store.db.close() // the store is gone (as a PostgreSQL server that stopped answering)
    const down = await gw.app.inject({ method: 'GET', url: '/health/ready' })
    expect(down.statusCode).toBe(503)
    expect(down.headers['retry-after']).toBe('1')
    expect(down.json()).toMatchObject({ status: 'unavailable', problem: expect.stringMatching(/^store_unreachable: .*not open/) })
  })
})
