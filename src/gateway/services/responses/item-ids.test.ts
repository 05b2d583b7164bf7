import { describe, expect, it } from 'vitest'
import { randomIds } from '../../kernel/system-runtime'
import { itemIdsOf, newResponseKey, responseId, responseIdOfItem } from './item-ids'

describe('response and item ids', () => {
  it('names the response in each of its item ids, numbered in the order made', () => {
    const key = newResponseKey(Date.UTC(2026, 10, 25), randomIds.token)
    const next = itemIdsOf(key)
    const ids = [next('msg'), next('fc'), next('rs'), next('fco')]
    expect(ids.map((id) => id.slice(-1))).toEqual(['0', '1', '2', '3'])
    for (const id of ids) expect(responseIdOfItem(id)).toBe(responseId(key))
  })

  it('sorts keys as they were made, so the key index grows at its end', () => {
    const keys = [0, 1, 36 ** 3, Date.UTC(2026, 0, 1), Date.UTC(2099, 0, 1)].map((t) => newResponseKey(t, randomIds.token))
    expect([...keys].sort()).toEqual(keys)
  })

  it('reads ids made elsewhere as naming no response', () => {
    for (const id of ['msg_nope', 'fc_abc1', 'call_123', `msg_${'x'.repeat(29)}`, '']) expect(responseIdOfItem(id)).toBeUndefined()
  })
})
