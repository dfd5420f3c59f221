/**
 * /organizations/{id}/allowed-targets (issue 13 "Targets"): where the organization's checks may reach.
 * Anyone who sees the organization reads it; only server admins change it, and the engine applies a
 * change to the next checks at once.
 */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { AllowedTargets } from '../../../shared/api/quotas'
import { getAllowedTargets, setAllowedTargets } from '../../store/allowed-targets'

export async function allowedTargetRoutes(app: ZodApp, { store, engine }: RouteDeps) {
  app.get('/:id/allowed-targets', { schema: { params: IdParams, response: { 200: AllowedTargets } } }, async (req) =>
    getAllowedTargets(store.db, req.scope, req.params.id),
  )
  app.put(
    '/:id/allowed-targets',
    { schema: { params: IdParams, body: AllowedTargets, response: { 200: AllowedTargets } } },
    async (req) => {
      const saved = await setAllowedTargets(store.db, req.scope, req.params.id, req.body)
      await engine.refreshSettings()
      return saved
    },
  )
}
