/** SPEC §3 Label types of an organization (issue 15 Settings "labels"): organizations/{id}/label-types, label-types/{id}. */
import type { ZodApp, RouteDeps } from '../types'
import { z } from 'zod'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { LabelType, LabelTypeBody } from '../../../shared/api/settings'
import { createLabelType, deleteLabelType, listLabelTypes } from '../../store/label-types'

export async function labelTypeRoutes(app: ZodApp, { store }: RouteDeps) {
  const db = store.db
  app.get('/organizations/:id/label-types', { schema: { params: IdParams, response: { 200: z.array(LabelType) } } }, async (req) =>
    listLabelTypes(db, req.scope, req.params.id),
  )
  app.post(
    '/organizations/:id/label-types',
    { schema: { params: IdParams, body: LabelTypeBody, response: { 201: LabelType } } },
    async (req, reply) => reply.status(201).send(await createLabelType(db, req.scope, req.params.id, req.body)),
  )
  app.delete('/label-types/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await deleteLabelType(db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })
}
