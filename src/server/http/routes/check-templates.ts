/**
 * /check-templates (issue 13 "Targets"): server admins define the send/expect and content_regex others' checks
 * use by name; everyone reads those their organizations may use. A change reaches the engine's next runs at once.
 */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { CheckTemplate, CheckTemplateBody, CheckTemplateList, CheckTemplateUpdate } from '../../../shared/api/check-templates'
import { createCheckTemplate, deleteCheckTemplate, listCheckTemplates, updateCheckTemplate } from '../../store/check-templates'

export async function checkTemplateRoutes(app: ZodApp, { store, engine }: RouteDeps) {
  const { db } = store
  app.get('/', { schema: { response: { 200: CheckTemplateList } } }, async (req) => ({ items: await listCheckTemplates(db, req.scope) }))
  app.post('/', { schema: { body: CheckTemplateBody, response: { 201: CheckTemplate } } }, async (req, reply) => {
    const saved = await createCheckTemplate(db, req.scope, req.body)
    await engine.refreshSettings()
    return reply.status(201).send(saved)
  })
  app.put('/:id', { schema: { params: IdParams, body: CheckTemplateUpdate, response: { 200: CheckTemplate } } }, async (req) => {
    const saved = await updateCheckTemplate(db, req.scope, req.params.id, req.body)
    await engine.refreshSettings()
    return saved
  })
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await deleteCheckTemplate(db, req.scope, req.params.id)
    await engine.refreshSettings()
    return reply.status(204).send(null)
  })
}
