/**
 * GET /api/v1/metrics (issue 20 "Metrics out"): the states of the hosts and resources the token's user may see, in
 * Prometheus' text exposition format, for Prometheus to scrape with a bearer token (an API token, /user/tokens).
 * Each object is one series of value 1 naming its SPEC §3 state, so `vigil_host_state{state="down"}` finds the
 * down hosts and a state change is a new series (Prometheus marks the old one stale at the next scrape).
 */
import type { ZodApp, RouteDeps } from '../types'
import { fileResponse } from '../../../shared/api/list'
import { hostStates, resourceStates } from '../../store/metrics'
import { exposition, EXPOSITION_CONTENT_TYPE } from '../../integrations/prometheus/exposition'

export async function metricsRoutes(app: ZodApp, { store }: RouteDeps) {
  app.get('/', { schema: { response: { 200: fileResponse(EXPOSITION_CONTENT_TYPE) } } }, async (req, reply) => {
    const [hosts, resources] = await Promise.all([hostStates(store.db, req.scope), resourceStates(store.db, req.scope)])
    reply.header('Content-Type', EXPOSITION_CONTENT_TYPE).header('Cache-Control', 'no-store')
    return exposition([
      {
        name: 'vigil_host_state',
        help: 'SPEC §3 state of a host (up, down, unreachable, pending, offline) as the label state; always 1.',
        type: 'gauge',
        samples: hosts.map(({ state, ...where }) => ({ labels: { ...where, state }, value: 1 })),
      },
      {
        name: 'vigil_resource_state',
        help: 'SPEC §3 state of a resource (ok, warning, critical, unknown, pending) as the label state; always 1.',
        type: 'gauge',
        samples: resources.map(({ state, ...where }) => ({ labels: { ...where, state }, value: 1 })),
      },
    ])
  })
}
