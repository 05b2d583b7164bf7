import { afterEach, describe, expect, it } from 'vitest'
import { chatUntil, runFaults, startFaultGateway, unitCosts, type FaultGateway } from '../../../test/support/fault-drill'
import { waitFor } from '../../../test/support/serve-child'

let g: FaultGateway | undefined
afterEach(async () => {
  await g?.close()
  g = undefined
})

describe('the gateway process under storage faults', () => {
  it('survives a full disk and a held write lock while 20 clients chat: /health keeps answering, and every answered request is recorded and charged once they pass', { timeout: 120_000 }, async () => {
    g = await startFaultGateway()
    const gw = g
    let died: string | null = null
    void gw.exited.then((why) => (died = why))

    const unit = await unitCosts(gw.chat, gw.rowOf)
    expect(unit.plain).toBeGreaterThan(0)
    const balanceBefore = gw.balanceMicro()

    let faultsOver = false
    const healthSeen: string[] = []
    const [answered, , writes] = await Promise.all([
      chatUntil(gw.chat, 20, () => faultsOver || died !== null),
      (async () => {
        while (!faultsOver && died === null) {
          healthSeen.push((await gw.health()).status)
          await new Promise((r) => setTimeout(r, 20))
        }
      })(),
      // LEAD: the PDF bomb and the pixel bomb go into runFaults (test/support/fault-drill.ts, marked), so the bench sends them too.
      runFaults(gw).finally(() => (faultsOver = true)),
    ])
    // An admin write meanwhile: 507 while the disk was full, 503 (with Retry-After) while the lock was held.
    expect(writes).toEqual({ diskFullWrite: 507, lockedWrite: 503 })

    expect(died).toBeNull()
    expect(healthSeen).toContain('degraded')
    expect((await gw.health()).status).toBe('ok')
    expect(answered.length).toBeGreaterThanOrEqual(20)
    for (const a of answered) {
      // A stream's client may see its last event a moment before its request settles.
      const row = await waitFor(() => gw.rowOf(a.id), `usage row of ${a.id}`, 5000)
      expect(row).toMatchObject({ status: 200, state: 'done', creditsMicro: a.stream ? unit.stream : unit.plain })
    }
    const charged = answered.reduce((sum, a) => sum + (a.stream ? unit.stream : unit.plain), 0)
    expect(gw.balanceMicro()).toBe(balanceBefore - charged)
    expect(died).toBeNull()
  })
})
