// @vitest-environment jsdom
import '../test/dom-test-setup'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Markdown } from './Markdown'

const ANSWER = [
  '| model | price |',
  '|---|---|',
  '| echo | 2 |',
  '',
  '```ts',
  'const x: number = 2',
  '```',
  '',
  'See [the docs](https://example.com/docs) and $x^2$.',
  '',
  '<img src=x onerror="alert(1)"> [bad](javascript:alert(1))',
].join('\n')

describe('Markdown', () => {
  it('renders tables, highlighted code, links and math, and never the HTML in the text', async () => {
    const { container } = render(<Markdown text={ANSWER} />)
    expect(screen.getByRole('table')).toHaveTextContent('modelpriceecho2')
    const code = container.querySelector('pre code')!
    expect(code).toHaveTextContent('const x: number = 2')
    await waitFor(() => expect(container.querySelector('pre code .hljs-keyword')).toHaveTextContent('const'))
    const link = screen.getByRole('link', { name: 'the docs' })
    expect(link).toHaveAttribute('href', 'https://example.com/docs')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    await waitFor(() => expect(container.querySelector('.katex math annotation')).toHaveTextContent('x^2'))
    expect(container.querySelector('img')).toBeNull()
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)">')
    expect(screen.getByText('bad').getAttribute('href') ?? '').not.toMatch(/javascript/i)
  })

  it('copies a code block\'s source, and hands links to the opener it is given', async () => {
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    const openLink = vi.fn()
    render(<Markdown text={ANSWER} openLink={openLink} />)
    await user.click(screen.getByRole('button', { name: 'Copy ts code' }))
    expect(writeText).toHaveBeenCalledWith('const x: number = 2')
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'the docs' }))
    expect(openLink).toHaveBeenCalledWith('https://example.com/docs')
  })

  // Issue 22: display math came out small and inline.
  it('shows \\[...\\] and a paragraph of $$...$$ as display math, \\(...\\) inline, and leaves code alone', async () => {
    const text = ['The area:', '\\[ A = \\pi r^2 \\]', 'and', '$$E = mc^2$$', 'with \\(r > 0\\).', '', '```tex', '\\[ kept \\]', '```'].join('\n')
    const { container } = render(<Markdown text={text} />)
    await waitFor(() => expect(container.querySelector('.katex-display')).not.toBeNull())
    const display = [...container.querySelectorAll('.katex-display annotation')].map((a) => a.textContent)
    expect(display).toEqual(['A = \\pi r^2', 'E = mc^2'])
    expect(container.querySelector('p .katex:not(.katex-display .katex) annotation')).toHaveTextContent('r > 0')
    expect(container.querySelector('pre code')).toHaveTextContent('\\[ kept \\]')
  })
})
