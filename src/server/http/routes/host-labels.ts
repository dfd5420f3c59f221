/** hosts/{id}/labels (SPEC §3 Host labels, issue 15 Settings "labels"): a host's labels, set and removed one by one. */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { HostLabelBody, HostLabelParams, HostLabels } from '../../../shared/api/settings'
import { getHostLabels, removeHostLabel, setHostLabel } from '../../store/host-labels'

export async function hostLabelRoutes(app: ZodApp, { store }: RouteDeps) {
  const db = store.db
  app.get('/:id/labels', { schema: { params: IdParams, response: { 200: HostLabels } } }, async (req) =>
    getHostLabels(db, req.scope, req.params.id),
  )
  app.put('/:id/labels/:name', { schema: { params: HostLabelParams, body: HostLabelBody, response: { 200: HostLabels } } }, async (req) =>
    setHostLabel(db, req.scope, req.params.id, req.params.name, req.body.value),
  )
  app.delete('/:id/labels/:name', { schema: { params: HostLabelParams, response: { 200: HostLabels } } }, async (req) =>
    removeHostLabel(db, req.scope, req.params.id, req.params.name),
  )
}
