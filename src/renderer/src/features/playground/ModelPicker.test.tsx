// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { modelOptions } from '../../lib/model-options'
import { MODELS, TEAM } from '../../test/fake-gateway-api'
import { ModelPicker } from './ModelPicker'

const agents = [{ id: '7d1c7c0e-0000-4000-8000-000000000001', object: 'agent' as const, name: 'Harbour pilot', model: 'gpt-echo', system_prompt: 'x', params: {}, tools: [], created_at: 1 }]
const providers = [{ id: 'up', type: 'openai' as const, base_url: null, has_api_key: true, api_key_env: null, source: 'config' as const, created_at: 1 }]

function Harness({ team = TEAM }: { team?: typeof TEAM }) {
  const [value, setValue] = useState('gpt-echo')
  return (
    <>
      <ModelPicker options={modelOptions(MODELS, providers, agents, team)} value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  )
}

describe('ModelPicker', () => {
  it('lists chat models with aliases and capabilities, then agents; speech models are left out', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const box = screen.getByRole('combobox', { name: 'Model' })
    expect(box).toHaveValue('gpt-echo')
    expect(screen.getByLabelText('Capabilities')).toHaveTextContent('echo')
    await user.click(box)
    const options = screen.getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      // Issue 12: an OpenAI-compatible model is promised nothing beyond chat (the upstream decides).
      expect.stringMatching(/^gpt-echoecho.*gpt-4o-mini.*chat$/),
      expect.stringMatching(/^other/),
      expect.stringMatching(/^Harbour pilot.*agent on gpt-echo/),
    ])
    expect(options[0]).toHaveAttribute('aria-selected', 'true')
  })

  it('filters by typing (names, aliases, agents) and picks with the arrow keys and Enter; Esc closes', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const box = screen.getByRole('combobox', { name: 'Model' })
    await user.click(box)
    await user.type(box, 'harb')
    expect(screen.getAllByRole('option')).toHaveLength(1)
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('value')).toHaveTextContent('7d1c7c0e-0000-4000-8000-000000000001')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await user.click(box)
    // The list opens on the current choice (the agent, last); down wraps to the first model.
    await user.keyboard('{ArrowDown}{Enter}')
    expect(screen.getByTestId('value')).toHaveTextContent('gpt-echo')
    await user.click(box)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  // Issue 12: models the gateway refuses for the team are no longer offered at all (they were listed disabled).
  it('does not offer models the team may not call, nor agents built on them', async () => {
    const user = userEvent.setup()
    render(<Harness team={{ ...TEAM, models: ['other'] }} />)
    await user.click(screen.getByRole('combobox', { name: 'Model' }))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringMatching(/^other/)])
  })

  it('opens on a click, Down arrow or typing, not when Tab lands on it', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const box = screen.getByRole('combobox', { name: 'Model' })
    await user.tab()
    expect(box).toHaveFocus()
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{ArrowDown}')
    expect(box).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    await user.keyboard('oth')
    expect(screen.getAllByRole('option')).toHaveLength(1)
  })
})
