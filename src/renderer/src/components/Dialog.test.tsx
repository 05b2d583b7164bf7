// @vitest-environment jsdom
import '../test/dom-test-setup'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Dialog, DialogCancel } from './Dialog'

function Form({ onClose }: { onClose: () => void }) {
  const [url, setUrl] = useState('')
  return (
    <Dialog title="Add a provider" dirty={!!url} onClose={onClose} footer={<><DialogCancel /><button type="button">Save</button></>}>
      <label>Base URL <input value={url} onChange={(e) => setUrl(e.target.value)} /></label>
    </Dialog>
  )
}

describe('Dialog (issue 22)', () => {
  it('starts with focus on the first field, not the close button', () => {
    render(<Form onClose={() => {}} />)
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveFocus()
  })

  it('closes at once while nothing is typed', async () => {
    const onClose = vi.fn()
    render(<Form onClose={onClose} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('asks before Cancel or the close button throw away what was typed', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<Form onClose={onClose} />)
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'https://api.example.com/v1')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByRole('group', { name: 'Discard changes?' })).toHaveTextContent('Discard what you typed?')
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Keep editing' }))
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveValue('https://api.example.com/v1')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it("gives focus back to what opened the first dialog when the second one's opener is gone", async () => {
    const user = userEvent.setup()
    function Flow() {
      const [step, setStep] = useState<'none' | 'form' | 'shown'>('none')
      return (
        <>
          <button type="button" onClick={() => setStep('form')}>New key</button>
          {step === 'form' && <Dialog title="New API key" onClose={() => setStep('none')}><button type="button" onClick={() => setStep('shown')}>Create key</button></Dialog>}
          {step === 'shown' && <Dialog title="Your new key" dismissible={false} onClose={() => setStep('none')} footer={<button type="button" onClick={() => setStep('none')}>I have copied it</button>}>secret</Dialog>}
        </>
      )
    }
    render(<Flow />)
    await user.click(screen.getByRole('button', { name: 'New key' }))
    await user.click(screen.getByRole('button', { name: 'Create key' }))
    await user.click(screen.getByRole('button', { name: 'I have copied it' }))
    expect(screen.getByRole('button', { name: 'New key' })).toHaveFocus()
  })
})
