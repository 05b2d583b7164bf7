// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { ToolsSection } from './ToolsSection'

describe('ToolsSection (issue 22: no control to attach a collection or turn on web search)', () => {
  it('turns on web search and attaches a collection without hand-written JSON', async () => {
    const user = userEvent.setup()
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    const col = await api.createCollection({ name: 'handbook' })
    renderWithStore(<ToolsSection />, store)
    await user.click(screen.getByRole('checkbox', { name: 'Search the web' }))
    const picker = screen.getByRole('combobox', { name: /Answer from a collection/ })
    await waitFor(() => expect(picker).toBeEnabled())
    await user.selectOptions(picker, 'handbook')
    expect(JSON.parse(store.getState().playground.toolsText)).toEqual([{ type: 'web_search' }, { type: 'rag', rag: { mcp: { collection_uuid: col.id } } }])
    await user.click(screen.getByRole('checkbox', { name: 'Search the web' }))
    expect(JSON.parse(store.getState().playground.toolsText)).toEqual([{ type: 'rag', rag: { mcp: { collection_uuid: col.id } } }])
  })
})
