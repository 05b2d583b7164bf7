/** The only renderer code that knows the gateway's URLs. */
export interface Health {
  status: string
  version: string
  uptime_s: number
}

export async function gatewayBaseUrl(): Promise<string> {
  const info = await window.gatehouse?.gatewayInfo()
  return info?.url ?? window.location.origin
}

export async function fetchHealth(): Promise<Health> {
  const res = await fetch(`${await gatewayBaseUrl()}/health`)
  if (!res.ok) throw new Error(`The gateway answered ${res.status}`)
  return (await res.json()) as Health
}
