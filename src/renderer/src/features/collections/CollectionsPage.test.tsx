// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { applyChunk, emptyChoice } from '../../api/chat-result'
import { createAppStore } from '../../stores/app-store'
import { fakeGatewayApi } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { SourcesList } from '../../components/SourcesList'
import CollectionsPage from './CollectionsPage'

function withStore(ui: React.ReactNode) {
  const store = createAppStore({ api: fakeGatewayApi(), storage: window.localStorage })
  renderWithStore(ui, store)
  return store
}

describe('collections page', () => {
  it('creates a collection, uploads documents into it and deletes one', async () => {
    const user = userEvent.setup()
    const store = withStore(<CollectionsPage />)
    await screen.findByText('No collections')
    await user.type(screen.getByLabelText('New collection'), 'handbook')
    await user.click(screen.getByRole('button', { name: 'Create' }))
    const card = (await screen.findByText('handbook')).closest('li')!
    const picker = within(card).getByLabelText('Documents for handbook')
    fireEvent.change(picker, { target: { files: [new File(['# Parking\nNorth lot.'], 'rules.md'), new File(['Lunch at noon.'], 'lunch.txt')] } })
    await waitFor(() => expect([store.getState().collections.error, store.getState().collections.documents['col-1']?.length]).toEqual([null, 2]))
    const table = await within(card).findByRole('region', { name: 'Documents of handbook' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(within(card).getByText(/2 documents · 2 chunks/)).toBeInTheDocument()
    await user.click(within(table).getByRole('button', { name: 'Delete lunch.txt' }))
    await user.click(within(table).getByRole('button', { name: 'Confirm delete lunch.txt' }))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
  })
})

describe('sources under an answer', () => {
  it('lists each cited source once, linking web pages only', () => {
    const cite = (url: string, title: string) => ({ type: 'url_citation' as const, url_citation: { url, title, start_index: 0, end_index: 1 } })
    render(<SourcesList citations={[cite('https://cats.example/a', 'Cats'), cite('https://cats.example/a', 'Cats'), cite('gatehouse://collections/c/documents/d#chunk-0', 'handbook.md')]} />)
    const items = within(screen.getByRole('region', { name: 'Sources' })).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByRole('link', { name: 'Cats' })).toHaveAttribute('href', 'https://cats.example/a')
    expect(within(items[1]!).queryByRole('link')).toBeNull()
    expect(items[1]).toHaveTextContent('handbook.md')
  })

  it('takes the citations of a streamed answer from its annotations chunk', () => {
    const annotations = [{ type: 'url_citation' as const, url_citation: { url: 'https://cats.example/', title: 'Cats', start_index: 0, end_index: 4 } }]
    const chunk = (delta: object, finish: string | null = null) => ({ id: 'c', object: 'chat.completion.chunk' as const, created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })
    let choices = [emptyChoice(0)]
    for (const c of [chunk({ content: 'Cats [1]' }), chunk({ annotations }), chunk({}, 'stop')]) choices = applyChunk(choices, c)
    expect(choices[0]).toMatchObject({ content: 'Cats [1]', finishReason: 'stop', citations: annotations })
  })
})
