/** `['messages', 2, 'content', 0, 'image_url', 'url']` -> `messages[2].content[0].image_url.url` */
export const formatPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`
    return acc === '' ? String(key) : `${acc}.${String(key)}`
  }, '')

/** The value at `path` inside `root`, or undefined where the path leaves the tree. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<PropertyKey, unknown>)[key]
  }
  return node
}
