/**
 * Checkmk service discovery (registered without prefix): POST hosts/{host_id}/checkmk-services reads the host's
 * Checkmk agent once, now, under the caller's organization's target policy (a server admin's reaches anything, as
 * their checks do), and answers the services it reports as resources to add, and the resources of things it no
 * longer reports, as Checkmk's discovery offers to remove vanished services. It writes nothing; adding them is POST
 * resources, removing them DELETE resources/{id}. Needs host_write on the host's environment: it is host
 * administration, and it reaches out.
 */
import type { ZodApp, RouteDeps } from '../types'
import { HostIdParams } from '../../../shared/api/acknowledgements'
import { CheckmkServiceList } from '../../../shared/api/checkmk-services'
import { agentTarget } from '../../store/host-checks'
import { requireHostWrite } from '../../store/host-validation'
import { getAllowedTargets } from '../../store/allowed-targets'
import { organizationOfEnvironment } from '../../store/quotas'
import { runCheck } from '../../engine/checks'
import { checkmkAgent } from '../../engine/checks/checkmk-agent'
import { discoveryKey } from '../../engine/checks/checkmk-discovery'

/** As long as an engine run of the check may take. */
const DISCOVERY_TIMEOUT_MS = 10_000

export async function checkmkServiceRoutes(app: ZodApp, { store }: RouteDeps) {
  app.post('/hosts/:host_id/checkmk-services', { schema: { params: HostIdParams, response: { 200: CheckmkServiceList } } }, async (req) => {
    const target = await agentTarget(store.db, req.scope, req.params.host_id)
    requireHostWrite(req.scope, target.environmentId)
    const organizationId = (await organizationOfEnvironment(store.db, target.environmentId))!
    const policy = req.scope.serverAdmin ? null : await getAllowedTargets(store.db, req.scope, organizationId)
    const config = checkmkAgent.config.parse({ discover: true, ...(target.port ? { port: target.port } : {}) })
    const run = await runCheck(checkmkAgent, config, { timeoutMs: DISCOVERY_TIMEOUT_MS, address: target.address, policy })
    const have = new Set(target.resourceNames)
    // Added, each checks the agent where the host's agent check does.
    const port = target.port ? { port: target.port } : {}
    const result = (run.services ?? []).map((s) => ({
      ...s,
      check: { ...s.check, config: { ...s.check.config, ...port } },
      exists: have.has(s.name),
    }))
    // Only an agent that was read tells what vanished.
    const reported = new Set(result.map((s) => discoveryKey(s.check.config)))
    const vanished = run.services
      ? target.agentResources
          .filter((r) => discoveryKey(r.config) !== null && !reported.has(discoveryKey(r.config)))
          .map(({ id, name }) => ({ id, name }))
      : []
    return { result, totalresults: result.length, vanished, output: run.output }
  })
}
