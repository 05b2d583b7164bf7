// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { KeyRowView } from './KeyRowView'

describe('KeyRowView (issue 22: a rotated key and its successor shared one name)', () => {
  it('says which key replaced which', async () => {
    const { store } = testStore(fakeGatewayApi())
    await store.getState().createKey({ team_id: 'team-1', name: 'ci', expires_at: null })
    await store.getState().rotateKey('key-1')
    const keys = store.getState().keys.list
    renderWithStore(<table><tbody>{keys.map((k) => <KeyRowView key={k.id} k={k} owner="team default" />)}</tbody></table>, store)
    const [old, next] = screen.getAllByRole('row')
    expect(within(old!).getByText(/replaced by/)).toHaveTextContent('replaced by gth-team-…k2')
    expect(within(next!).getByText(/replaces/)).toHaveTextContent('replaces gth-team-…k1')
  })
})
