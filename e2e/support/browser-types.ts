/**
 * The few DOM shapes e2e code touches inside `page.evaluate` callbacks. The Node tsconfig that checks
 * e2e/ has no DOM lib, so these callbacks reach the page through `globalThis as unknown as BrowserGlobals`.
 */
export interface BrowserElement {
  tagName: string
  textContent: string | null
  disabled?: boolean
  type?: string
  checked?: boolean
  labels?: ArrayLike<{ textContent: string | null }> | null
  getAttribute(name: string): string | null
  checkVisibility(options?: { checkVisibilityCSS?: boolean }): boolean
  blur?(): void
}

export interface BrowserGlobals {
  document: {
    activeElement: BrowserElement | null
    body: BrowserElement
    cookie: string
    querySelectorAll(selector: string): ArrayLike<BrowserElement>
    addEventListener(type: string, listener: (e: { target: unknown }) => void, capture?: boolean): void
  }
  axe?: { run(ctx: unknown, opts: object): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> }
  __focused?: Set<unknown>
}
