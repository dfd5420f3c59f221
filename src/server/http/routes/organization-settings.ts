/** organizations/{id}/settings/… (issue 15 Settings): default thresholds, risk scan options and services of an organization. */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { OrganizationThresholds } from '../../../shared/api/thresholds'
import { OrganizationServices, RiskOptions } from '../../../shared/api/settings'
import {
  getRiskOptions,
  getServices,
  getThresholds,
  updateRiskOptions,
  updateServices,
  updateThresholds,
} from '../../store/organization-settings'

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
  const services = { params: IdParams, response: { 200: OrganizationServices } }
  app.get('/:id/settings/services', { schema: services }, async (req) => getServices(db, req.scope, req.params.id))
  app.put('/:id/settings/services', { schema: { ...services, body: OrganizationServices } }, async (req) =>
    updateServices(db, req.scope, req.params.id, req.body),
  )
}
