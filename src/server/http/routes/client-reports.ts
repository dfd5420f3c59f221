/**
 * POST /errors and POST /tracker (SPEC §7): the browser's error reports and usage log, stored within each
 * user's quota (store/client-reports.ts; over it, 409 `limit_exceeded`, which the browser suppresses).
 * GET /client-reports lists them for server admins (issue 19).
 */
import type { ZodApp, RouteDeps } from '../types'
import { ClientReportList, ClientReportsQuery, ErrorReport, TrackerBody } from '../../../shared/api/reports'
import { NoContent } from '../../../shared/api/list'
import { addClientReport, listClientReports } from '../../store/client-reports'

export async function clientReportRoutes(app: ZodApp, { store }: RouteDeps) {
  app.post('/errors', { schema: { body: ErrorReport, response: { 204: NoContent } } }, async (req, reply) => {
    await addClientReport(store, req.scope, 'error', req.body)
    return reply.status(204).send(null)
  })
  app.post('/tracker', { schema: { body: TrackerBody, response: { 204: NoContent } } }, async (req, reply) => {
    await addClientReport(store, req.scope, 'tracker', req.body)
    return reply.status(204).send(null)
  })
  app.get('/client-reports', { schema: { querystring: ClientReportsQuery, response: { 200: ClientReportList } } }, async (req) =>
    listClientReports(store, req.scope, req.query),
  )
}
