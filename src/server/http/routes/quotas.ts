/** organizations/{id}/quotas (issue 13 "Quotas"): read by whoever sees the organization, set by server admins. */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { Quotas, QuotasUpdate } from '../../../shared/api/quotas'
import { getQuotas, updateQuotas } from '../../store/quotas'

export async function quotaRoutes(app: ZodApp, { store }: RouteDeps) {
  app.get('/:id/quotas', { schema: { params: IdParams, response: { 200: Quotas } } }, async (req) => getQuotas(store.db, req.scope, req.params.id))
  app.put('/:id/quotas', { schema: { params: IdParams, body: QuotasUpdate, response: { 200: Quotas } } }, async (req) =>
    updateQuotas(store.db, req.scope, req.params.id, req.body))
}
