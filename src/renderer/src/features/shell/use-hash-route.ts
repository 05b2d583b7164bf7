import { useEffect, useState } from 'react'

export const PAGES = [
  { id: 'playground', label: 'Playground', icon: 'playground' },
  { id: 'files', label: 'Files', icon: 'files' },
  { id: 'audio', label: 'Audio', icon: 'audio' },
  { id: 'keys', label: 'Keys', icon: 'keys' },
  { id: 'models', label: 'Models', icon: 'models' },
  { id: 'usage', label: 'Usage', icon: 'usage' },
  { id: 'settings', label: 'Settings', icon: 'settings' },
] as const

export type PageId = (typeof PAGES)[number]['id']

const pageFromHash = (hash: string): PageId => {
  const id = hash.replace(/^#\/?/, '')
  return (PAGES.find((p) => p.id === id)?.id ?? 'playground') as PageId
}

/** The current page, kept in the address (`#/keys`) so reload and Back work. */
export function useHashRoute(): [PageId, (page: PageId) => void] {
  const [page, setPage] = useState<PageId>(() => pageFromHash(window.location.hash))
  useEffect(() => {
    const onHash = () => setPage(pageFromHash(window.location.hash))
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  return [page, (next) => {
    window.location.hash = `#/${next}`
  }]
}
