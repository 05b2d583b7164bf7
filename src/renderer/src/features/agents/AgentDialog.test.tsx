// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Agent } from '../../../../shared/admin-wire'
import { createAppStore } from '../../stores/app-store'
import { fakeGatewayApi } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { AgentDialog } from './AgentDialog'

async function withCatalog(ui: React.ReactNode) {
  const store = createAppStore({ api: fakeGatewayApi(), storage: window.localStorage })
  await store.getState().loadCatalog()
  renderWithStore(ui, store)
  return store
}

const AGENT: Agent = { id: 'agent-1', object: 'agent', name: 'pilot', model: 'gpt-echo', system_prompt: null, params: {}, tools: [], created_at: 1 }

describe('AgentDialog', () => {
  // Issue 22: its model list was a fresh filtered array from the store on every render (React #185).
  it('renders with the chat models to pick from, and keeps rendering as the store changes', async () => {
    const store = await withCatalog(<AgentDialog agent={AGENT} onClose={() => {}} />)
    expect(screen.getByRole('heading', { name: 'Edit agent pilot' })).toBeInTheDocument()
    await store.getState().loadCatalog()
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-echo')
  })
})
