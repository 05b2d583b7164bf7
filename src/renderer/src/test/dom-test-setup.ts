/** Imported first by every component test (there is no shared vitest setup file): DOM matchers, cleanup, and what jsdom lacks. */
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(cleanup)

// findBy* and waitFor give up after 1 s by default. These tests share 2 cores with the gateway's (whisper.cpp,
// PostgreSQL), and a lazily loaded page is transformed on first import: under that load a page can take longer
// to appear than a user would notice. A wait still ends the moment its element is there; only a real failure
// waits the whole ceiling, which stays well under the 30 s test timeout.
configure({ asyncUtilTimeout: 10_000 })

if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia
  Element.prototype.scrollIntoView ??= function scrollIntoView() {}
}
