import { render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { StoreContext, type AppStore } from '../stores/app-store'

/** Renders `ui` inside the store's provider, as the app does; a rerender keeps the same store. */
export function renderWithStore(ui: ReactNode, store: AppStore): RenderResult {
  return render(ui, { wrapper: ({ children }) => <StoreContext.Provider value={store}>{children}</StoreContext.Provider> })
}
