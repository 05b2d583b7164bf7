// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../stores/app-store'
import { selectChatModels, selectUpstreamProviders } from '../../stores/catalog-selectors'
import { fakeGatewayApi, MODELS } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { ModelDialog } from './ModelDialog'

async function withCatalog(ui: React.ReactNode) {
  const store = createAppStore({ api: fakeGatewayApi(), storage: window.localStorage })
  await store.getState().loadCatalog()
  renderWithStore(ui, store)
  return store
}

describe('catalog selectors that build arrays', () => {
  it('pick chat models and upstream providers', async () => {
    const store = createAppStore({ api: fakeGatewayApi(), storage: window.localStorage })
    await store.getState().loadCatalog()
    expect(selectChatModels(store.getState()).map((m) => m.name)).toEqual(MODELS.filter((m) => m.kind === 'chat').map((m) => m.name))
    expect(selectUpstreamProviders(store.getState()).map((p) => p.id)).toEqual(['up'])
  })

  // Issue 22: a selector returning a fresh filtered array made these dialogs re-render without end (React #185).
  it('the add and edit model dialogs render, and keep rendering as the store changes', async () => {
    const store = await withCatalog(<><ModelDialog onClose={() => {}} /><ModelDialog model={MODELS[0]} onClose={() => {}} /></>)
    expect(screen.getByRole('heading', { name: 'Add a model' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Edit model gpt-echo' })).toBeInTheDocument()
    await store.getState().loadCatalog()
    expect(screen.getAllByRole('option', { name: 'up (openai)' })).toHaveLength(2)
  })
})
