/** Vite turns `?url&no-inline` imports into the URL of the file, copied to the build's assets (never a data: URL, which the CSP refuses). */
declare module '*?url&no-inline' {
  const url: string
  export default url
}
