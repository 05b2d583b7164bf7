/** A call held until `open()`: a read or a save on a slow gateway, overtaken by the ones after it. */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}
