/**
 * Issue 19 Dashboard (SPEC §2 /dashboard): the caller's widget layout and the organization default
 * (shared/api/dashboard.ts; store/dashboard-layouts.ts). The widgets' data come from the existing list, events,
 * maps and perfdata routes, each scoped to the caller.
 */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { DashboardLayout, DashboardLayoutBody } from '../../../shared/api/dashboard'
import {
  getDashboardLayout,
  resetDashboardLayout,
  saveDashboardLayout,
  saveOrganizationDashboardLayout,
} from '../../store/dashboard-layouts'

export async function dashboardRoutes(app: ZodApp, { store }: RouteDeps) {
  const db = store.db
  const own = { response: { 200: DashboardLayout } }
  app.get('/layout', { schema: own }, async (req) => getDashboardLayout(db, req.scope))
  app.put('/layout', { schema: { ...own, body: DashboardLayoutBody } }, async (req) => saveDashboardLayout(db, req.scope, req.body))
  app.delete('/layout', { schema: own }, async (req) => resetDashboardLayout(db, req.scope))
  app.put(
    '/organizations/:id/layout',
    { schema: { params: IdParams, body: DashboardLayoutBody, response: { 200: DashboardLayoutBody } } },
    async (req) => saveOrganizationDashboardLayout(db, req.scope, req.params.id, req.body),
  )
}
