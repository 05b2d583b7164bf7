import { useEffect, useState } from 'react'

/** The pages in the navigation. */
export const PAGES = [
  { id: 'playground', label: 'Playground', icon: 'playground' },
  { id: 'files', label: 'Files', icon: 'files' },
  { id: 'collections', label: 'Collections', icon: 'search' },
  { id: 'audio', label: 'Audio', icon: 'audio' },
  { id: 'keys', label: 'Keys', icon: 'keys' },
  { id: 'teams', label: 'Teams', icon: 'teams' },
  { id: 'models', label: 'Models', icon: 'models' },
  { id: 'usage', label: 'Usage', icon: 'usage' },
  { id: 'settings', label: 'Settings', icon: 'settings' },
] as const

/** Pages reached from another page's sub-navigation; the navigation marks their parent. */
export const SUB_PAGES = [
  { id: 'local-models', label: 'Model manager', parent: 'models' },
  { id: 'agents', label: 'Agents', parent: 'models' },
] as const

export type PageId = (typeof PAGES)[number]['id'] | (typeof SUB_PAGES)[number]['id']

const ALL: readonly string[] = [...PAGES.map((p) => p.id), ...SUB_PAGES.map((p) => p.id)]

/** The page of a location hash (`#/keys`); null for a hash that is not a route (`#main`, a skip link's target). */
export function pageFromHash(hash: string): PageId | null {
  if (hash === '' || hash === '#' || hash === '#/') return 'playground'
  if (!hash.startsWith('#/')) return null
  const id = hash.slice(2)
  return ALL.includes(id) ? (id as PageId) : 'playground'
}

/** A page's name as the navigation shows it. */
export const pageLabel = (page: PageId): string => [...PAGES, ...SUB_PAGES].find((p) => p.id === page)!.label

/** The navigation entry that is current on a page. */
export const navPageOf = (page: PageId) => SUB_PAGES.find((p) => p.id === page)?.parent ?? page

/** The current page, kept in the address (`#/keys`) so reload and Back work. */
export function useHashRoute(): [PageId, (page: PageId) => void] {
  const [page, setPage] = useState<PageId>(() => pageFromHash(window.location.hash) ?? 'playground')
  useEffect(() => {
    const onHash = () => {
      const next = pageFromHash(window.location.hash)
      if (next) setPage(next)
    }
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  return [page, (next) => {
    window.location.hash = `#/${next}`
  }]
}
