import { useState } from 'react'
import { ApiError, messageOf } from '../../api/api-error'

/** One audio request at a time: busy while it runs, its error, and whether the gateway lacks the endpoint. */
export function useAudioRequest() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [missing, setMissing] = useState(false)
  async function run(request: () => Promise<void>): Promise<void> {
    setBusy(true)
    setError(undefined)
    try {
      await request()
    } catch (err) {
      if (err instanceof ApiError && err.isMissingEndpoint) setMissing(true)
      else setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, missing, run }
}
