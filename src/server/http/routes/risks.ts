/**
 * /risks (SPEC §3 Risk, §7 Risk model; paths in src/shared/api/risks.ts): scan import and scans, the list
 * protocol with hostgroup_id / host_id / severity filters, an environment's plugins, one risk, a risk group. Risk ticket paths are
 * with the other SPEC §7 Tickets paths in routes/tickets.ts.
 */
import type { RouteDeps, ZodApp } from '../types'
import { GroupedQuery, ListQuery } from '../../store/list'
import { groupedOf, listOf } from '../../../shared/api/list'
import {
  Risk,
  RiskFilterQuery,
  RiskGroup,
  RiskGroupParams,
  RiskIdParams,
  RiskPluginList,
  RiskPluginQuery,
  RiskScan,
  RiskScanQuery,
} from '../../../shared/api/risks'
import { getRisk, getRiskGroup, groupRisks, listRiskPlugins, listRisks } from '../../store/risks'
import { getRiskScan, importScan, readScan } from '../../store/risk-scans'
import { commitThenPublish } from '../../store/commit'
import { now } from '../../store/json'

export async function riskRoutes(app: ZodApp, { store, bus }: RouteDeps) {
  const db = store.db

  // The scan upload is a file as the body, whatever type the browser gives it (as map import does).
  await app.register(async (files: ZodApp) => {
    files.removeAllContentTypeParsers()
    files.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))
    files.post('/scans', { schema: { querystring: RiskScanQuery, response: { 201: RiskScan } } }, async (req, reply) => {
      const at = now()
      const parsed = await readScan(db, req.scope, req.query, typeof req.body === 'string' ? req.body : '', at)
      const { scan } = await commitThenPublish(db, bus, (tx) => importScan(tx, store.dialect, req.scope, req.query, parsed, at))
      return reply.status(201).send(scan)
    })
  })

  app.get('/scans/:id', { schema: { params: RiskIdParams, response: { 200: RiskScan } } }, async (req) =>
    getRiskScan(db, req.scope, req.params.id),
  )

  app.get('/', { schema: { querystring: ListQuery.extend(RiskFilterQuery.shape), response: { 200: listOf(Risk) } } }, async (req) =>
    listRisks(db, store.dialect, req.scope, req.query),
  )
  app.get(
    '/grouped',
    { schema: { querystring: GroupedQuery.extend(RiskFilterQuery.shape), response: { 200: groupedOf(Risk) } } },
    async (req) => groupRisks(db, store.dialect, req.scope, req.query),
  )
  app.get('/plugins', { schema: { querystring: RiskPluginQuery, response: { 200: RiskPluginList } } }, async (req) =>
    listRiskPlugins(db, req.scope, req.query),
  )
  app.get('/:id', { schema: { params: RiskIdParams, response: { 200: Risk } } }, async (req) => getRisk(db, req.scope, req.params.id))
  app.get(
    '/:hostgroup_id/:plugin_id',
    { schema: { params: RiskGroupParams, querystring: ListQuery, response: { 200: RiskGroup } } },
    async (req) => getRiskGroup(db, store.dialect, req.scope, req.params.hostgroup_id, req.params.plugin_id, req.query),
  )
}
