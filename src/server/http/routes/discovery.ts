/**
 * /discovery (issue 15 "Discover a network"): start a sweep of a CIDR range, poll its progress and proposals,
 * cancel it, and add the chosen proposals as hosts. Everything needs host_write on the sweep's environment
 * (SPEC §6); sweeps live in this process's memory (discovery/jobs.ts).
 */
import type { ZodApp, RouteDeps } from '../types'
import { NoContent } from '../../../shared/api/list'
import { DiscoveryAdd, DiscoveryAdded, DiscoveryJob, DiscoveryParams, DiscoveryStart } from '../../../shared/api/discovery'
import { createDiscoveryJobs } from '../../discovery/jobs'
import { addDiscoveredHosts } from '../../discovery/add-hosts'

export async function discoveryRoutes(app: ZodApp, { store, box, engine }: RouteDeps) {
  const jobs = createDiscoveryJobs({ db: store.db, box, log: app.log })
  app.addHook('onClose', async () => jobs.close())
  app.post('/', { schema: { body: DiscoveryStart, response: { 202: DiscoveryJob } } }, async (req, reply) =>
    reply.status(202).send(await jobs.start(req.scope, req.body)),
  )
  app.get('/:id', { schema: { params: DiscoveryParams, response: { 200: DiscoveryJob } } }, async (req) =>
    jobs.view(req.scope, req.params.id),
  )
  app.delete('/:id', { schema: { params: DiscoveryParams, response: { 204: NoContent } } }, async (req, reply) => {
    jobs.cancel(req.scope, req.params.id)
    return reply.status(204).send(null)
  })
  app.post('/:id/hosts', { schema: { params: DiscoveryParams, body: DiscoveryAdd, response: { 200: DiscoveryAdded } } }, async (req) =>
    addDiscoveredHosts({ db: store.db, box, engine }, req.scope, jobs.find(req.scope, req.params.id), req.body.hosts),
  )
}
