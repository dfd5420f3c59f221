/** organizations/{id}/quotas (issue 13 "Quotas"): read by whoever sees the organization, set by server admins. */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { Quotas, QuotasUpdate } from '../../../shared/api/quotas'
import { getQuotas, updateQuotas } from '../../store/quotas'

export async function quotaRoutes(app: ZodApp, { store, engine }: RouteDeps) {
  app.get('/:id/quotas', { schema: { params: IdParams, response: { 200: Quotas } } }, async (req) =>
    getQuotas(store.db, req.scope, req.params.id),
  )
  app.put('/:id/quotas', { schema: { params: IdParams, body: QuotasUpdate, response: { 200: Quotas } } }, async (req) => {
    const quotas = await updateQuotas(store.db, req.scope, req.params.id, req.body)
    // The scheduler's checks_per_second budget applies at once, not at the next sweep.
    await engine.refreshSettings()
    return quotas
  })
}
