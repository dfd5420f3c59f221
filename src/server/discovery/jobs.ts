/**
 * Issue 15 "Discover a network": sweeps, each a job in the memory of the process that runs it. A job is
 * polled (GET discovery/{id}) by the engineers who may write hosts in its environment, and by nobody else; it
 * is kept an hour after it ends, and a restart forgets it. With several server processes behind one address,
 * the poll must reach the process that started the sweep.
 *
 * Bounds: a range of at most DISCOVERY_MAX_ADDRESSES; every address judged by the organization's target policy
 * before anything is sent (denied ones are skipped, a range with none allowed is refused); probes rate-limited
 * and capped in number at once (limiter.ts), each with a time limit (probes.ts); at most
 * MAX_RUNNING_PER_ORGANIZATION sweeps of one organization and MAX_RUNNING in all at once.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../store/db'
import { demand, type Scope } from '../store/scope'
import { organizationOfEnvironment, limitExceeded } from '../store/quotas'
import { getAllowedTargets } from '../store/allowed-targets'
import { hostNamesByAddress } from '../store/host-addresses'
import { writeAuditEvent } from '../store/audit'
import { now } from '../store/json'
import { requireHostWrite } from '../store/host-validation'
import { ApiError } from '../../shared/errors'
import { isValidFqdn } from '../../shared/validation'
import type { z } from 'zod'
import { DISCOVERY_MAX_ADDRESSES, type DiscoveryJob, type DiscoveryProposal, type DiscoveryStart } from '../../shared/api/discovery'
import type { SecretBox } from '../security/secrets'
import { addressDenial, targetRules, type TargetPolicy } from '../engine/target-policy'
import { ownAddresses } from '../engine/own-addresses'
import { parseRange } from './cidr'
import { limiter, type Limited } from './limiter'
import { guessHostType, guessParent } from './guess'
import { acceptsTcp, answersPing, snmpIdentity, sweepResolver, type ProbeContext } from './probes'
import { reverseName } from '../engine/reverse-dns'

const MAX_RUNNING_PER_ORGANIZATION = 2
const MAX_RUNNING = 8
const PROBES_PER_SECOND = 200
/** TCP probes hold a socket each; pings a process each, and there is one ping per address in flight. */
const PROBES_AT_ONCE = 256
const ADDRESSES_AT_ONCE = 32
const KEEP_MS = 60 * 60 * 1000
const KEPT_PER_ORGANIZATION = 20

/** A sweep as the process keeps it. */
export interface Job {
  id: string
  organizationId: number
  hostgroupId: number
  cidr: string
  ports: number[]
  snmpPort: number
  /** the community sealed (security/secrets), opened only for the sweep and the hosts added from it */
  community: string | null
  state: DiscoveryJob['state']
  total: number
  done: number
  skipped: number
  startedAt: number
  finishedAt: number | null
  /** proposals with their place in the range, for the order they are shown in */
  proposals: (DiscoveryProposal & { index: number })[]
  controller: AbortController
}

export interface DiscoveryDeps {
  db: Kysely<Database>
  box: SecretBox
  log: FastifyBaseLogger
}

const toView = (job: Job): DiscoveryJob => ({
  id: job.id,
  hostgroup_id: job.hostgroupId,
  organization_id: job.organizationId,
  cidr: job.cidr,
  ports: job.ports,
  snmp: job.community !== null,
  state: job.state,
  total: job.total,
  done: job.done,
  skipped: job.skipped,
  found: job.proposals.length,
  started_at: job.startedAt,
  finished_at: job.finishedAt,
  proposals: [...job.proposals].sort((a, b) => a.index - b.index).map(({ index: _index, ...p }) => p),
})

export function createDiscoveryJobs({ db, box, log }: DiscoveryDeps) {
  const jobs = new Map<string, Job>()
  const running = () => [...jobs.values()].filter((j) => j.state === 'running')

  function forgetOld() {
    const t = Date.now()
    const finished = [...jobs.values()].filter((j) => j.state !== 'running').sort((a, b) => b.startedAt - a.startedAt)
    const kept = new Map<number, number>()
    for (const j of finished) {
      const count = (kept.get(j.organizationId) ?? 0) + 1
      kept.set(j.organizationId, count)
      if (count > KEPT_PER_ORGANIZATION || t - (j.finishedAt ?? 0) * 1000 > KEEP_MS) jobs.delete(j.id)
    }
  }

  /** The job, if the caller may write hosts where it runs; otherwise the same 404 as for no job. */
  function find(scope: Scope, id: string): Job {
    forgetOld()
    const job = jobs.get(id)
    if (!job || !scope.environmentIds.includes(job.hostgroupId)) throw new ApiError('not_found', { id })
    demand(scope, 'host_write', { environmentId: job.hostgroupId })
    return job
  }

  async function start(scope: Scope, body: z.infer<typeof DiscoveryStart>): Promise<DiscoveryJob> {
    requireHostWrite(scope, body.hostgroup_id)
    const range = parseRange(body.cidr)
    if (!range)
      throw new ApiError('validation_failed', { field: 'cidr', value: body.cidr, reason: 'CIDR block (10.0.0.0/24) or address expected' })
    if (range.size > DISCOVERY_MAX_ADDRESSES)
      throw limitExceeded('discovery_addresses', DISCOVERY_MAX_ADDRESSES, { field: 'cidr', addresses: range.size })
    const organizationId = (await organizationOfEnvironment(db, body.hostgroup_id))!
    // A server admin's sweep reaches anything, as their checks do (issue 13 "Targets").
    const policy: TargetPolicy = scope.serverAdmin ? null : await getAllowedTargets(db, scope, organizationId)
    const rules = policy && targetRules(policy, ownAddresses())
    const addresses: string[] = []
    let denial: string | null = null
    for (const address of range.addresses()) {
      const why = rules && addressDenial(rules, address)
      if (why) denial ??= why
      else addresses.push(address)
    }
    if (!addresses.length)
      throw new ApiError('validation_failed', {
        field: 'cidr',
        value: range.cidr,
        reason: `no address of ${range.cidr} is allowed for this organization (${denial})`,
      })
    forgetOld()
    if (running().filter((j) => j.organizationId === organizationId).length >= MAX_RUNNING_PER_ORGANIZATION)
      throw limitExceeded('discovery_sweeps', MAX_RUNNING_PER_ORGANIZATION, { organization_id: organizationId })
    if (running().length >= MAX_RUNNING) throw limitExceeded('discovery_sweeps_server', MAX_RUNNING)
    const ports = [...new Set(body.ports)].sort((a, b) => a - b)
    const job: Job = {
      id: randomUUID(),
      organizationId,
      hostgroupId: body.hostgroup_id,
      cidr: range.cidr,
      ports,
      snmpPort: body.snmp_port,
      community: body.snmp_community ? box.seal(body.snmp_community) : null,
      state: 'running',
      total: addresses.length,
      done: 0,
      skipped: range.size - addresses.length,
      startedAt: now(),
      finishedAt: null,
      proposals: [],
      controller: new AbortController(),
    }
    // Who swept which network, as configuration changes are recorded (issue 13 "Audit log"); never the community.
    await writeAuditEvent(db, scope, {
      subject: 'discovery',
      status: 'STARTED',
      id: job.id,
      name: job.cidr,
      organizationId,
      hostgroupId: job.hostgroupId,
      after: { cidr: job.cidr, ports, snmp: job.community !== null, addresses: job.total, skipped: job.skipped },
    })
    jobs.set(job.id, job)
    const first = range.addresses().next().value!
    void sweep(job, addresses, first, policy, scope).catch((error: unknown) => {
      log.error({ err: error, discovery: job.id }, 'discovery sweep failed')
      finish(job, 'done')
    })
    return toView(job)
  }

  function finish(job: Job, state: DiscoveryJob['state']) {
    if (job.state !== 'running') return
    job.state = state
    job.finishedAt = now()
  }

  async function sweep(job: Job, addresses: string[], first: string, policy: TargetPolicy, scope: Scope) {
    const { signal } = job.controller
    const limited = limiter(PROBES_PER_SECOND, PROBES_AT_ONCE)
    const resolver = sweepResolver()
    signal.addEventListener('abort', () => resolver.cancel(), { once: true })
    const community = job.community && box.open(job.community)
    const ctx: ProbeContext = { policy, signal }
    let next = 0
    const worker = async () => {
      while (next < addresses.length && !signal.aborted) {
        const index = next++
        const proposal = await probe(addresses[index], job, community, ctx, limited, resolver)
        if (proposal && !signal.aborted) job.proposals.push({ ...proposal, index })
        job.done++
      }
    }
    await Promise.all(Array.from({ length: Math.min(ADDRESSES_AT_ONCE, addresses.length) }, worker))
    if (signal.aborted) return
    const parent = guessParent(job.proposals, first)
    const existing = await hostNamesByAddress(
      db,
      scope,
      job.organizationId,
      job.proposals.map((p) => p.address),
    )
    for (const p of job.proposals) {
      p.parent = p.address === parent ? null : parent
      p.existing_host = existing.get(p.address) ?? null
    }
    finish(job, 'done')
  }

  /** What `address` answered, as a proposal; null when it answered nothing. */
  async function probe(
    address: string,
    job: Job,
    community: string | null,
    ctx: ProbeContext,
    limited: Limited,
    resolver: ReturnType<typeof sweepResolver>,
  ): Promise<DiscoveryProposal | null> {
    const [ping, ports, snmp] = await Promise.all([
      limited(() => answersPing(address, ctx)),
      Promise.all(job.ports.map((port) => limited(() => acceptsTcp(address, port, ctx)).then((open) => (open ? port : null)))),
      community ? limited(() => snmpIdentity(address, community, job.snmpPort, ctx.signal)) : null,
    ])
    const open_ports = ports.filter((p) => p !== null)
    if (!ping && !open_ports.length && !snmp) return null
    const name = await limited(() => reverseName(resolver, address))
    const fqdn = name && isValidFqdn(name) ? name : ''
    const guess = guessHostType({ ping, open_ports, snmp, fqdn })
    return { address, name: fqdn || address, fqdn, ping, open_ports, snmp, ...guess, parent: null, existing_host: null }
  }

  return {
    start,
    find,
    view: (scope: Scope, id: string) => toView(find(scope, id)),
    /** Stops a running sweep (what it found stays readable) or forgets a finished one. */
    cancel(scope: Scope, id: string) {
      const job = find(scope, id)
      if (job.state === 'running') {
        job.controller.abort()
        finish(job, 'cancelled')
      } else jobs.delete(id)
    },
    /** The server stops: running sweeps end at once. */
    close() {
      for (const job of running()) {
        job.controller.abort()
        finish(job, 'cancelled')
      }
    },
  }
}

export type DiscoveryJobs = ReturnType<typeof createDiscoveryJobs>
