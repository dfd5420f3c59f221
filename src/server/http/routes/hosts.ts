/** /hosts/ (SPEC §3 Host, §7 Hosts): list protocol, hosts/grouped, hosts/{id} (id or URL-encoded name). */
import { z } from 'zod'
import type { ZodApp, RouteDeps } from '../types'
import { HostBody, HostUpdate, IdParams } from '../../../shared/api/entities'
import { hostDef, createHost, deleteHost, getHost, getHostByName, updateHost } from '../../store/hosts'
import { registerListRoutes } from './list-routes'

const HostRef = z.object({ id: z.string().min(1).max(255) })

export async function hostRoutes(app: ZodApp, { store, box }: RouteDeps) {
  registerListRoutes(app, store, hostDef)
  app.get('/:id', { schema: { params: HostRef } }, async (req) =>
    /^\d+$/.test(req.params.id) ? getHost(store.db, req.scope, Number(req.params.id)) : getHostByName(store.db, req.scope, req.params.id))
  app.post('/', { schema: { body: HostBody } }, async (req, reply) => {
    const id = await createHost(store.db, req.scope, box, req.body)
    return reply.status(201).send(await getHost(store.db, req.scope, id))
  })
  app.put('/:id', { schema: { params: IdParams, body: HostUpdate } }, async (req) => updateHost(store.db, req.scope, box, req.params.id, req.body))
  app.delete('/:id', { schema: { params: IdParams } }, async (req, reply) => {
    await deleteHost(store.db, req.scope, req.params.id)
    return reply.status(204).send()
  })
}
