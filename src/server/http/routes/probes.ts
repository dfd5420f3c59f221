/**
 * Issue 20 probes. `/probes` (server admins): list, create (the token shown once), assign environments,
 * revoke. `/probe-link` (the probe itself, with its token as bearer): `sync` reports the probe's version, lag
 * and load and answers the checks it runs now; `results` takes its results with their original times. The
 * probe always connects out (HTTP(S) polling), so the customer's network opens no port.
 */
import type { FastifyRequest } from 'fastify'
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import {
  ProbeBody,
  ProbeCreated,
  ProbeEnvironmentsBody,
  ProbeList,
  ProbeResultsBody,
  ProbeResultsWritten,
  ProbeSyncBody,
  ProbeWork,
} from '../../../shared/api/probes'
import { ApiError } from '../../../shared/errors'
import { createProbe, listProbes, probeOfToken, revokeProbe, setProbeEnvironments } from '../../store/probes'

export async function probeRoutes(app: ZodApp, { store, config, probes }: RouteDeps) {
  const deadS = config.probeDeadS
  app.get('/', { schema: { response: { 200: ProbeList } } }, async (req) => {
    const result = await listProbes(store.db, req.scope, deadS)
    return { result, totalresults: result.length }
  })
  app.post('/', { schema: { body: ProbeBody, response: { 201: ProbeCreated } } }, async (req, reply) => {
    const created = await createProbe(store.db, req.scope, req.body, deadS)
    await probes.reload()
    return reply.status(201).send(created)
  })
  app.put(
    '/:id/environments',
    { schema: { params: IdParams, body: ProbeEnvironmentsBody, response: { 204: NoContent } } },
    async (req, reply) => {
      await setProbeEnvironments(store.db, req.scope, req.params.id, req.body.environment_ids)
      await probes.reload()
      return reply.status(204).send(null)
    },
  )
  // Revoked at once: the probe's next sync or results are refused, and its environments return to the engine.
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await revokeProbe(store.db, req.scope, req.params.id)
    await probes.reload()
    return reply.status(204).send(null)
  })
}

export async function probeLinkRoutes(app: ZodApp, { store, probes }: RouteDeps) {
  /** The probe of the request's bearer token; an unknown or revoked one is refused like any bad token. */
  async function probeOf(req: FastifyRequest) {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!token) throw new ApiError('unauthenticated', { reason: 'missing bearer token' })
    const probe = await probeOfToken(store.db, token)
    if (!probe) throw new ApiError('invalid_token', { reason: 'unknown or revoked probe token' })
    return probe
  }
  app.post('/sync', { schema: { body: ProbeSyncBody, response: { 200: ProbeWork } } }, async (req) => {
    const probe = await probeOf(req)
    await probes.contact(probe, req.ip, req.body)
    return { probe: probe.name, checks: await probes.work(probe.id) }
  })
  app.post('/results', { schema: { body: ProbeResultsBody, response: { 200: ProbeResultsWritten } } }, async (req) => {
    const probe = await probeOf(req)
    await probes.contact(probe, req.ip)
    return { written: await probes.accept(probe.id, req.body.results) }
  })
}
