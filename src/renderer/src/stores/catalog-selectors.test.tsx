// @vitest-environment jsdom
import '../test/dom-test-setup'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Agent } from '../../../shared/admin-wire'
import { AgentDialog } from '../features/agents/AgentDialog'
import { ModelDialog } from '../features/models/ModelDialog'
import { fakeGatewayApi, MODELS } from '../test/fake-gateway-api'
import { createAppStore, StoreContext } from './app-store'
import { selectChatModels, selectUpstreamProviders } from './catalog-selectors'

const AGENT: Agent = { id: 'agent-1', object: 'agent', name: 'pilot', model: 'gpt-echo', system_prompt: null, params: {}, tools: [], created_at: 1 }

async function withCatalog(ui: React.ReactNode) {
  const store = createAppStore({ api: fakeGatewayApi(), storage: window.localStorage })
  await store.getState().loadCatalog()
  render(<StoreContext.Provider value={store}>{ui}</StoreContext.Provider>)
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
  it('the model and agent dialogs render, and keep rendering as the store changes', async () => {
    const store = await withCatalog(<><ModelDialog onClose={() => {}} /><ModelDialog model={MODELS[0]} onClose={() => {}} /><AgentDialog agent={AGENT} onClose={() => {}} /></>)
    expect(screen.getByRole('heading', { name: 'Add a model' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Edit model gpt-echo' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Edit agent pilot' })).toBeInTheDocument()
    await store.getState().loadCatalog()
    expect(screen.getAllByRole('option', { name: 'gpt-echo' }).length).toBeGreaterThan(0)
  })
})
