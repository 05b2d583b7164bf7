// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/api-error'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { fakeDesktopApi } from '../../test/fake-desktop-api'
import { renderWithStore } from '../../test/render-with-store'
import { AppShell } from './AppShell'

const renderShell = (api = fakeGatewayApi()) => {
  const { store } = testStore(api)
  renderWithStore(<AppShell />, store)
  return store
}

afterEach(() => {
  delete window.gatehouse
  window.location.hash = ''
})

describe('AppShell', () => {
  it('shows navigation and the gateway state: endpoint with a copy button, models, credits', async () => {
    renderShell()
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(nav).toHaveTextContent('PlaygroundFilesCollectionsAudioKeysTeamsModelsUsageSettings')
    const status = screen.getByRole('banner', { name: 'Gateway status' })
    expect(status).toHaveTextContent('http://127.0.0.1:4310/v1')
    expect(screen.getByRole('button', { name: 'Copy endpoint URL' })).toBeInTheDocument()
    expect(screen.getByTestId('credits-balance')).toHaveTextContent('100')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-echo'))
  })

  it('navigates with the links and keeps the page in the address', async () => {
    const user = userEvent.setup()
    renderShell()
    await user.click(await screen.findByRole('link', { name: 'Models' }))
    expect(await screen.findByRole('heading', { name: 'Models' })).toBeInTheDocument()
    expect(window.location.hash).toBe('#/models')
    expect(screen.getByRole('link', { name: 'Models' })).toHaveAttribute('aria-current', 'page')
  })

  it('asks for a sign-in when the gateway answers 401, and says so when it does not answer', async () => {
    const api = fakeGatewayApi()
    api.status = async () => {
      throw new ApiError('no', { status: 401 })
    }
    renderShell(api)
    expect(await screen.findByRole('heading', { name: 'Sign in to this gateway' })).toBeInTheDocument()
    expect(screen.getByLabelText('Or paste the admin token')).toHaveAttribute('type', 'password')
  })

  it('shows a gateway that does not answer, with a way to try again', async () => {
    const api = fakeGatewayApi()
    api.status = async () => {
      throw new ApiError('Cannot reach the gateway (Failed to fetch).', { status: 0 })
    }
    renderShell(api)
    expect(await screen.findByRole('alert')).toHaveTextContent('The gateway is not answering')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('in the desktop app, shows the first-run key once', async () => {
    let handed = false
    window.gatehouse = fakeDesktopApi({
      takeFirstRunKey: async () => (handed ? null : ((handed = true), { teamName: 'default', key: 'gth-team-first-run' })),
    }).api
    const api = fakeGatewayApi()
    Object.assign(api, { connection: { mode: 'desktop', baseUrl: 'http://127.0.0.1:4310', adminToken: 't' } })
    renderShell(api)
    const dialog = await screen.findByRole('dialog', { name: 'Your first API key' })
    expect(dialog).toHaveTextContent('gth-team-first-run')
    expect(dialog).toHaveTextContent('shown this once')
  })
})

describe('AppShell: small fixes of issue 12', () => {
  it('the skip link focuses the main area of the page it is on, and stays on that page', async () => {
    const user = userEvent.setup()
    window.location.hash = '#/keys'
    renderShell()
    const skip = await screen.findByRole('link', { name: 'Skip to content' })
    await user.click(skip)
    expect(screen.getByRole('main')).toHaveFocus()
    expect(window.location.hash).toBe('#/keys')
    expect(await screen.findByRole('heading', { name: 'Keys', level: 1 })).toBeInTheDocument()
  })

  it('shows "not answering" when the heartbeat misses, without waiting for the next status poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const api = fakeGatewayApi()
      renderShell(api)
      const bar = await screen.findByRole('banner', { name: 'Gateway status' })
      expect(bar).toHaveTextContent('Gateway running')
      api.healthy = false
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_000)
      })
      expect(bar).toHaveTextContent('not answering')
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('AppShell: issue 21', () => {
  it('shows a degraded gateway as a warning with its problems, and running again once /health says ok', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const api = fakeGatewayApi()
      renderShell(api)
      const bar = await screen.findByRole('banner', { name: 'Gateway status' })
      const problem = 'usage log: the disk is full; 3 usage rows wait in memory'
      api.healthProblems = [problem]
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_000)
      })
      expect(bar).toHaveTextContent('Gateway degraded')
      expect(bar).not.toHaveTextContent('not answering')
      const warning = within(bar).getByRole('status')
      expect(warning).toHaveTextContent(`degraded: ${problem}`)
      expect(warning).toHaveAttribute('title', problem)

      api.healthProblems = []
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_000)
      })
      expect(bar).toHaveTextContent('Gateway running')
      expect(bar).not.toHaveTextContent('degraded')
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('AppShell: issue 22', () => {
  it("the header's model count follows a provider added here, without waiting for the next status poll", async () => {
    const store = renderShell()
    const models = await screen.findByRole('button', { name: /^Models/ })
    await waitFor(() => expect(models).toHaveTextContent('Models3'))
    await act(async () => {
      await store.getState().addProvider({ id: 'new', type: 'openai', base_url: 'http://new/v1', api_key: 'sk-1' }, [{ upstream: 'up-a', name: 'a-model', pricing: {} }])
    })
    expect(models).toHaveTextContent('Models4')
  })

  it('the playground has a top-level heading, naming the open conversation in words rather than Markdown', async () => {
    const store = renderShell()
    expect(await screen.findByRole('heading', { level: 1, name: 'Playground' })).toBeInTheDocument()
    act(() => store.setState({ conversationTitle: '# Plan the **launch**' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Playground: Plan the launch' })).toBeInTheDocument()
  })
})
