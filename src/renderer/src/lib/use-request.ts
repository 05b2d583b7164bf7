import { useState } from 'react'
import { ApiError, messageOf } from '../api/api-error'

/**
 * One request of a form or dialog at a time: busy while it runs, its error (worded by the gateway), and
 * whether the gateway lacks the endpoint. `run` never throws; it resolves true when the request succeeded.
 */
export function useRequest() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [missing, setMissing] = useState(false)
  async function run(request: () => Promise<void>): Promise<boolean> {
    setBusy(true)
    setError(undefined)
    try {
      await request()
      return true
    } catch (err) {
      if (err instanceof ApiError && err.isMissingEndpoint) setMissing(true)
      else setError(messageOf(err))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, missing, run }
}
