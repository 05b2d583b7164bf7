/**
 * What `react-dom/client` is in the shipped renderer (vite.renderer.config.ts aliases it here in builds):
 * Preact's createRoot, plus the one thing of React's this app relies on that preact/compat leaves to the
 * browser. React focuses an `autoFocus` element when it mounts; Preact writes the `autofocus` attribute,
 * which a browser honours once per page, so a rename box or a message editor opened later would not get
 * the caret. Here an `autoFocus` element gets a ref that focuses it once, when it enters the page.
 */
import { options, type Ref, type VNode } from 'preact'

export { createRoot, hydrateRoot } from 'preact/compat/client'

type FocusRef = (el: HTMLElement | null) => void

const focusOnMount: FocusRef = (el) => el?.focus()
/** One focusing ref per ref of the app's, so a stable ref stays stable and Preact does not re-run it on each render. */
const focusingRefs = new WeakMap<object, FocusRef>()

function withFocus(ref: Ref<HTMLElement> | null | undefined): FocusRef {
  if (!ref) return focusOnMount
  let focusing = focusingRefs.get(ref)
  if (!focusing) {
    focusing = (el) => {
      if (typeof ref === 'function') ref(el)
      else ref.current = el
      focusOnMount(el)
    }
    focusingRefs.set(ref, focusing)
  }
  return focusing
}

const previousVNodeHook = options.vnode
options.vnode = (vnode: VNode<{ autoFocus?: boolean }>) => {
  previousVNodeHook?.(vnode)
  if (typeof vnode.type !== 'string' || !('autoFocus' in vnode.props)) return
  const autoFocus = vnode.props.autoFocus
  delete vnode.props.autoFocus
  if (autoFocus) vnode.ref = withFocus(vnode.ref as Ref<HTMLElement> | undefined) as VNode['ref']
}
