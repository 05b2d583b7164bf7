import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { admin, startTestGateway, type TestGateway } from '../../../../test/support/harness'

let gw: TestGateway
beforeEach(async () => {
  gw = await startTestGateway()
})
afterEach(async () => gw.close())

const topUp = (add: unknown) => gw.app.inject({ method: 'POST', url: '/admin/credits', headers: admin, payload: { add } })
const balance = async () => (await gw.app.inject({ method: 'GET', url: '/admin/credits', headers: admin })).json().balance as number

describe('POST /admin/credits keeps the balance exact', () => {
  it('refuses a top-up too large to count in micro-credits, and keeps the real balance', async () => {
    expect(await balance()).toBe(1000)
    const huge = await topUp(1e300)
    expect(huge.statusCode).toBe(400)
    expect(huge.json().error).toMatchObject({ param: 'add' })
    expect(huge.json().error.message).toMatch(/at most/)
    expect((await topUp(-1e300)).statusCode).toBe(400)
    expect(await balance()).toBe(1000)
  })

  it('refuses a result outside the safe range even from allowed steps', async () => {
    for (let i = 0; i < 9; i++) expect((await topUp(1e9)).statusCode).toBe(200)
    const over = await topUp(1e9)
    expect(over.statusCode).toBe(400)
    expect(over.json().error.code).toBe('balance_out_of_range')
    expect(await balance()).toBe(9e9 + 1000)
  })

  it('never lets taking credits back make the balance negative unless the owner confirms it', async () => {
    const res = await topUp(-1001)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toMatch(/negative/)
    expect(await balance()).toBe(1000)
    expect((await topUp(-1000)).json().balance).toBe(0)
    expect((await topUp(0.5)).json().balance).toBe(0.5)
  })
})
