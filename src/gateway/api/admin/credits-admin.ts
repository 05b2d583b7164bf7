import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { parseOrThrow } from '../../../shared/validation/parse'
import { fromMicro, toMicro } from '../../store/repos/company-repo'
import type { AdminContext } from './admin-context'

const addBody = z.strictObject({ add: z.number().refine((n) => n !== 0 && Number.isFinite(n), 'must be a non-zero number of credits') })

export async function creditsAdmin(app: FastifyInstance, { store }: AdminContext) {
  app.get('/credits', async () => ({ balance: fromMicro(store.company.balanceMicro()) }))
  app.post('/credits', async (req) => {
    const body = parseOrThrow(addBody, req.body)
    return { balance: fromMicro(store.company.add(toMicro(body.add))) }
  })
}
