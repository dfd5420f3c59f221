/** organizations/{id}/settings/… (issue 15 Settings): default thresholds and risk scan options of an organization. */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { OrganizationThresholds } from '../../../shared/api/thresholds'
import { RiskOptions } from '../../../shared/api/settings'
import { getRiskOptions, getThresholds, updateRiskOptions, updateThresholds } from '../../store/organization-settings'

export async function organizationSettingRoutes(app: ZodApp, { store, engine }: RouteDeps) {
  const db = store.db
  const thresholds = { params: IdParams, response: { 200: OrganizationThresholds } }
  app.get('/:id/settings/thresholds', { schema: thresholds }, async (req) => getThresholds(db, req.scope, req.params.id))
  app.put('/:id/settings/thresholds', { schema: { ...thresholds, body: OrganizationThresholds } }, async (req) => {
    const saved = await updateThresholds(db, req.scope, req.params.id, req.body)
    // Checks of this process use them from their next run; other processes reread them with their stale sweep.
    await engine.refreshSettings()
    return saved
  })
  const risks = { params: IdParams, response: { 200: RiskOptions } }
  app.get('/:id/settings/risks', { schema: risks }, async (req) => getRiskOptions(db, req.scope, req.params.id))
  app.put('/:id/settings/risks', { schema: { ...risks, body: RiskOptions } }, async (req) =>
    updateRiskOptions(db, req.scope, req.params.id, req.body),
  )
}
