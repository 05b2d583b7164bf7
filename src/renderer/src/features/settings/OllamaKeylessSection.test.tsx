// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { OllamaKeylessSection } from './OllamaKeylessSection'

describe('Settings: Ollama keyless access', () => {
  it('shows it off by default and saves it on, with a team and a credit ceiling', async () => {
    const user = userEvent.setup()
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    store.setState({ auth: 'signed-in' })
    renderWithStore(<OllamaKeylessSection />, store)
    const box = await screen.findByRole('checkbox', { name: /Allow keyless requests/ })
    expect(box).not.toBeChecked()
    await user.click(box)
    const team = await screen.findByRole('combobox', { name: 'Act as team' })
    await waitFor(() => expect(team.querySelectorAll('option').length).toBeGreaterThan(1))
    const teamName = team.querySelectorAll('option')[1]!.textContent!
    await user.selectOptions(team, teamName)
    const ceiling = screen.getByRole('spinbutton', { name: /Credit ceiling/ })
    await user.clear(ceiling)
    await user.type(ceiling, '5')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(async () => expect(await api.ollamaKeyless()).toEqual({ enabled: true, team: teamName, creditCeiling: 5 }))
  })
})
