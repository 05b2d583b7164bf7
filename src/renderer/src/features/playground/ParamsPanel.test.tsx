// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PARAMS, type ParamValues } from '../../lib/chat-params'
import { ParamsPanel } from './ParamsPanel'

function Harness({ initial = DEFAULT_PARAMS }: { initial?: ParamValues }) {
  const [values, setValues] = useState<ParamValues>(initial)
  return <ParamsPanel values={values} onChange={(name, v) => setValues((p) => ({ ...p, [name]: v }))} onReset={() => setValues(DEFAULT_PARAMS)} />
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input, select, textarea' })

describe('ParamsPanel', () => {
  it('labels every parameter and shows its range as the hint', () => {
    render(<Harness />)
    const temperature = field('Temperature')
    expect(temperature).toHaveAccessibleDescription('0 to 2 · default 1')
    expect(screen.getByLabelText('Temperature slider')).toHaveAttribute('max', '2')
    for (const label of ['Top P', 'Frequency penalty', 'Presence penalty', 'Seed', 'Logit bias', 'Max completion tokens', 'Choices (n)', 'Stop sequences', 'Stream', 'Logprobs', 'Top logprobs', 'Modalities', 'Voice', 'Audio format', 'Predicted output', 'Reasoning effort', 'Verbosity', 'Thinking', 'Thinking budget', 'Service tier', 'Fallbacks', 'Store output', 'Metadata', 'Parallel tool calls', 'Max tokens']) {
      expect(field(label)).toBeInTheDocument()
    }
  })

  it('flags a value out of range in words, wired to the field, and clears it when fixed', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const temperature = field('Temperature')
    await user.type(temperature, '2.5')
    expect(temperature).toHaveAttribute('aria-invalid', 'true')
    expect(temperature).toHaveAccessibleDescription('Must be from 0 to 2.')
    await user.clear(temperature)
    await user.type(temperature, '0.7')
    expect(temperature).not.toHaveAttribute('aria-invalid')
    expect((screen.getByLabelText('Temperature slider') as HTMLInputElement).value).toBe('0.7')
  })

  it('wants whole numbers where the spec says integer, and n within 1 to 128', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(field('Seed'), '1.5')
    expect(field('Seed')).toHaveAccessibleDescription('Must be a whole number.')
    await user.type(field('Choices (n)'), '129')
    expect(field('Choices (n)')).toHaveAccessibleDescription('Must be from 1 to 128.')
  })

  it('checks fields against each other: top logprobs needs logprobs, audio needs a voice and a format', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(field('Top logprobs'), '5')
    expect(field('Top logprobs')).toHaveAccessibleDescription('Turn logprobs on to ask for top logprobs.')
    await user.selectOptions(field('Logprobs'), 'true')
    expect(field('Top logprobs')).not.toHaveAttribute('aria-invalid')

    expect(field('Voice')).toBeDisabled()
    await user.selectOptions(field('Modalities'), 'text,audio')
    expect(field('Voice')).toBeEnabled()
    expect(field('Voice')).toHaveAccessibleDescription('A voice is required when the answer includes audio.')
    await user.selectOptions(field('Voice'), 'coral')
    expect(field('Voice')).not.toHaveAttribute('aria-invalid')
  })

  it('validates the JSON fields: logit bias by token id and range, metadata string values', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(field('Logit bias'))
    await user.paste('{"abc": 5}')
    expect(field('Logit bias')).toHaveAccessibleDescription('"abc" is not a token id (a whole number).')
    await user.clear(field('Logit bias'))
    await user.paste('{"50256": -101}')
    expect(field('Logit bias')).toHaveAccessibleDescription('The bias of token 50256 must be a whole number from -100 to 100.')
    await user.click(field('Metadata'))
    await user.paste('{"team": 3}')
    expect(field('Metadata')).toHaveAccessibleDescription('The value of "team" must be a string.')
    await user.clear(field('Metadata'))
    await user.paste('{"team": "x"')
    expect(within(field('Metadata').closest('.field') as HTMLElement).getByText(/Not valid JSON/)).toBeInTheDocument()
  })

  it('allows at most 4 stop sequences, and resets a field or everything', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(field('Stop sequences'))
    await user.paste('a\nb\nc\nd\ne')
    expect(field('Stop sequences')).toHaveAccessibleDescription('At most 4 stop sequences.')
    await user.click(screen.getByRole('button', { name: 'Reset Stop sequences to the default' }))
    expect(field('Stop sequences')).toHaveValue('')
    await user.type(field('Temperature'), '9')
    await user.click(screen.getByRole('button', { name: 'Reset all parameters' }))
    expect(field('Temperature')).toHaveValue('')
  })
})
