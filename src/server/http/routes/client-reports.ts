/**
 * POST /errors and POST /tracker (SPEC §7): the browser's error reports and usage log. They go to the
 * server log (structured, with the user and request id), where operators of Vigil already look.
 */
import type { ZodApp, RouteDeps } from '../types'
import { ErrorReport, TrackerBody } from '../../../shared/api/reports'
import { NoContent } from '../../../shared/api/list'

export async function clientReportRoutes(app: ZodApp, _deps: RouteDeps) {
  app.post('/errors', { schema: { body: ErrorReport, response: { 204: NoContent } } }, async (req, reply) => {
    req.log.warn({ client_error: req.body, user: req.scope.username }, 'browser error report')
    return reply.status(204).send(null)
  })
  app.post('/tracker', { schema: { body: TrackerBody, response: { 204: NoContent } } }, async (req, reply) => {
    req.log.info({ usage: req.body, user: req.scope.username }, 'browser usage log')
    return reply.status(204).send(null)
  })
}
