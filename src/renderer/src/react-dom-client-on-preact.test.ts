// @vitest-environment jsdom
import { createElement as h, type RefObject } from 'preact'
import { useRef, useState } from 'preact/hooks'
import { act } from 'preact/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { createRoot } from './react-dom-client-on-preact'

/** The shipped renderer's `react-dom/client` (Preact in builds): React's autoFocus, which preact/compat leaves to the browser. */
let root: ReturnType<typeof createRoot> | undefined
afterEach(() => {
  act(() => root?.unmount())
  document.body.innerHTML = ''
})


let show: (on: boolean) => void
let bump: () => void
let seen: RefObject<HTMLInputElement | null> | undefined
function RenameRow({ withRef }: { withRef: boolean }) {
  const [editing, setEditing] = useState(false)
  const [, setTick] = useState(0)
  const ref = useRef<HTMLInputElement>(null)
  show = setEditing
  bump = () => setTick((n) => n + 1)
  seen = ref
  return h('div', null, h('button', null, 'Rename'), editing && h('input', { 'aria-label': 'New title', autoFocus: true, ...(withRef ? { ref } : {}) }))
}

function mount(withRef: boolean) {
  const container = document.body.appendChild(document.createElement('div'))
  root = createRoot(container)
  act(() => root!.render(h(RenameRow, { withRef })))
}

describe('react-dom/client on Preact', () => {
  it('focuses an autoFocus field that appears after the page loaded, as React does, without an autofocus attribute', () => {
    mount(false)
    document.querySelector('button')!.focus()
    act(() => show(true))
    const input = document.querySelector('input')!
    expect(document.activeElement).toBe(input)
    expect(input.hasAttribute('autofocus')).toBe(false)
  })

  it('focuses it once, on mount: a later render leaves focus where the user put it', () => {
    mount(false)
    act(() => show(true))
    document.querySelector('button')!.focus()
    act(() => bump())
    expect(document.activeElement).toBe(document.querySelector('button'))
  })

  it('still hands the element to the component\'s own ref', () => {
    mount(true)
    act(() => show(true))
    expect(seen!.current).toBe(document.querySelector('input'))
    expect(document.activeElement).toBe(seen!.current)
    act(() => show(false))
    expect(seen!.current).toBeNull()
  })
})
