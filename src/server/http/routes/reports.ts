/** /reports/ (SPEC §3 Report, §2 Reports routes): list protocol, by-name, CRUD, figures, graphs; contract in shared/api/report-configurations.ts. */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import {
  FiguresQuery,
  NewReport,
  Report,
  ReportByName,
  ReportFigures,
  ReportGraphs,
  ReportUpdate,
} from '../../../shared/api/report-configurations'
import { GroupedQuery, ListQuery } from '../../store/list'
import { groupedOf, listOf, NoContent } from '../../../shared/api/list'
import { commitThenPublish } from '../../store/commit'
import { now } from '../../store/json'
import { reportFigures } from '../../store/report-figures'
import { reportGraphs } from '../../store/report-graphs'
import { createReport, deleteReport, getReport, getReportByName, groupReports, listReports, updateReport } from '../../store/reports'

export async function reportRoutes(app: ZodApp, { store, bus }: RouteDeps) {
  const { db } = store
  app.get('/', { schema: { querystring: ListQuery, response: { 200: listOf(Report) } } }, async (req) =>
    listReports(db, store.dialect, req.scope, req.query),
  )
  app.get('/grouped', { schema: { querystring: GroupedQuery, response: { 200: groupedOf(Report) } } }, async (req) =>
    groupReports(db, store.dialect, req.scope, req.query),
  )
  app.get('/by-name/:hostgroup_name/:name', { schema: { params: ReportByName, response: { 200: Report } } }, async (req) =>
    getReportByName(db, req.scope, req.params.hostgroup_name, req.params.name),
  )
  app.get('/:id', { schema: { params: IdParams, response: { 200: Report } } }, async (req) => getReport(db, req.scope, req.params.id))
  app.get('/:id/figures', { schema: { params: IdParams, querystring: FiguresQuery, response: { 200: ReportFigures } } }, async (req) =>
    reportFigures(db, req.scope, req.params.id, req.query.range, now()),
  )
  app.get('/:id/graphs', { schema: { params: IdParams, querystring: FiguresQuery, response: { 200: ReportGraphs } } }, async (req) =>
    reportGraphs(db, req.scope, req.params.id, req.query.range, now()),
  )
  app.post('/', { schema: { body: NewReport, response: { 201: Report } } }, async (req, reply) => {
    const { report } = await commitThenPublish(db, bus, (tx) => createReport(tx, req.scope, req.body))
    return reply.status(201).send(report)
  })
  app.put('/:id', { schema: { params: IdParams, body: ReportUpdate, response: { 200: Report } } }, async (req) => {
    const { report } = await commitThenPublish(db, bus, (tx) => updateReport(tx, req.scope, req.params.id, req.body))
    return report
  })
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await commitThenPublish(db, bus, (tx) => deleteReport(tx, req.scope, req.params.id))
    return reply.status(204).send(null)
  })
}
