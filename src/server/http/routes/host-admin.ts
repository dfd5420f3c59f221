/**
 * /hosts/ administration (issue 15, SPEC §3 host admin fields, §5 Cluster): bulk edit of tags and clusters.
 * Registered with prefix /api/v1/hosts beside hosts.ts; static paths win over hosts.ts's `/:id`.
 */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { BulkTagsBody, BulkTagsOut, ClusterBody, ClusterOut } from '../../../shared/api/host-admin'
import { bulkEditTags } from '../../store/host-bulk-tags'
import { dissolveClusterOf, formCluster } from '../../store/host-clusters'
import { resourceIdsOf } from '../../store/resources'

export async function hostAdminRoutes(app: ZodApp, { store, box, engine }: RouteDeps) {
  const { db } = store
  app.post('/tags', { schema: { body: BulkTagsBody, response: { 200: BulkTagsOut } } }, async (req) => {
    const before = new Map(await Promise.all(req.body.host_ids.map(async (id) => [id, await resourceIdsOf(db, id)] as const)))
    const changed = await bulkEditTags(db, req.scope, box, req.body.host_ids, req.body.add, req.body.remove)
    for (const id of changed) await engine.refresh('resource', [...new Set([...(before.get(id) ?? []), ...(await resourceIdsOf(db, id))])])
    await engine.refresh('host', changed)
    return { updated: changed.length }
  })
  app.put('/clusters', { schema: { body: ClusterBody, response: { 200: ClusterOut } } }, async (req) =>
    formCluster(db, req.scope, req.body.name, req.body.host_ids),
  )
  app.delete('/:id/cluster', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await dissolveClusterOf(db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })
}
