/** /environment-lists/ (SPEC §3 environment lists, issue 15): named sets of environments of one organization. */
import { z } from 'zod'
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { EnvironmentListBody, EnvironmentListRow, EnvironmentListUpdate } from '../../../shared/api/user-admin'
import {
  createEnvironmentList,
  deleteEnvironmentList,
  getEnvironmentList,
  listEnvironmentLists,
  updateEnvironmentList,
} from '../../store/environment-lists'

const ListQuery = z.object({ organization_id: z.coerce.number().int().positive().optional() })

export async function environmentListRoutes(app: ZodApp, { store }: RouteDeps) {
  app.get('/', { schema: { querystring: ListQuery, response: { 200: z.array(EnvironmentListRow) } } }, async (req) =>
    listEnvironmentLists(store.db, req.scope, req.query.organization_id),
  )
  app.get('/:id', { schema: { params: IdParams, response: { 200: EnvironmentListRow } } }, async (req) =>
    getEnvironmentList(store.db, req.scope, req.params.id),
  )
  app.post('/', { schema: { body: EnvironmentListBody, response: { 201: EnvironmentListRow } } }, async (req, reply) => {
    const id = await createEnvironmentList(store.db, req.scope, req.body)
    return reply.status(201).send(await getEnvironmentList(store.db, req.scope, id))
  })
  app.put('/:id', { schema: { params: IdParams, body: EnvironmentListUpdate, response: { 200: EnvironmentListRow } } }, async (req) => {
    await updateEnvironmentList(store.db, req.scope, req.params.id, req.body)
    return getEnvironmentList(store.db, req.scope, req.params.id)
  })
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await deleteEnvironmentList(store.db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })
}
