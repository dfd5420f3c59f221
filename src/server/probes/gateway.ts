/**
 * Issue 20: the central side of probes. It knows which environments probes run (the central engine leaves
 * their active checks to them: `runsHere`), hands each probe its share of those checks, takes its results
 * into the engine, and makes a silent probe visible: its system event, and its environments' hosts `offline`
 * (SPEC §3) when no probe of their group reports any more.
 *
 * A probe group is the probes assigned to one environment: its hosts are split by hash among the group's
 * live probes, so when one probe falls silent the others take its hosts at their next sync.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Store } from '../store/db'
import type { Bus } from '../feed/bus'
import type { Engine } from '../engine/engine'
import type { Target } from '../engine/target'
import type { ProbeCheck, ProbeResult } from '../../shared/api/probes'
import type { SystemEvent } from '../store/event-log'
import { targetKey } from '../engine/target'
import { ApiError } from '../../shared/errors'
import { now } from '../store/json'
import { markProbesDown, probeAssignments, setHostsOffline, touchProbe } from '../store/probes'

export interface ProbeGatewayOptions {
  store: Store
  bus: Bus
  log: FastifyBaseLogger
  /** a probe silent this long is dead: its hosts go to its group's other probes, or offline */
  deadS: number
  /** how often assignments are reread and silent probes looked for */
  sweepMs: number
  /** writes and publishes a system event (vigil.ts) */
  system(e: SystemEvent): Promise<void>
}

/** Results older than this are refused (the passive results' rule, routes/results.ts); a probe drops them. */
const MAX_AGE_S = 7 * 86400
const MAX_FUTURE_S = 60

/** A stable share of a host among `n` probes (Knuth's multiplicative hash). */
const shareOf = (hostId: number, n: number) => (Math.imul(hostId, 2654435761) >>> 0) % n

export function createProbeGateway(opts: ProbeGatewayOptions) {
  const { store, bus, log, deadS } = opts
  /** probes (not revoked) per environment, with their last contact */
  let groups = new Map<number, { probeId: number; lastContact: number | null }[]>()
  let engine: Engine | null = null
  let timer: NodeJS.Timeout | null = null

  const live = (p: { lastContact: number | null }, t = now()) => p.lastContact !== null && t - p.lastContact <= deadS

  async function load() {
    const rows = await probeAssignments(store.db)
    const next = new Map<number, { probeId: number; lastContact: number | null }[]>()
    for (const r of rows)
      next.set(r.hostgroup_id, [...(next.get(r.hostgroup_id) ?? []), { probeId: r.probe_id, lastContact: r.last_contact }])
    const changed = [...next.keys()].sort().join() !== [...groups.keys()].sort().join()
    groups = next
    if (changed) engine?.replan()
  }

  /** This probe's environments and, for each, whether it runs a host (its share among the group's live probes). */
  function sharesOf(probeId: number) {
    const t = now()
    const shares = new Map<number, (hostId: number) => boolean>()
    for (const [hostgroupId, group] of groups) {
      if (!group.some((p) => p.probeId === probeId)) continue
      const ids = group
        .filter((p) => p.probeId === probeId || live(p, t))
        .map((p) => p.probeId)
        .sort((a, b) => a - b)
      const mine = ids.indexOf(probeId)
      shares.set(hostgroupId, (hostId) => shareOf(hostId, ids.length) === mine)
    }
    return shares
  }

  function toCheck(t: Target): ProbeCheck {
    const p = engine!.prepare(t)
    return {
      type: t.type,
      id: t.id,
      host_id: t.hostId,
      organization_id: t.organizationId,
      schedule: t.schedule,
      state: {
        status: t.state.status,
        state_type: t.state.state_type,
        current_attempt: t.state.current_attempt,
        last_check: t.state.last_check,
        next_check: t.state.next_check,
      },
      run:
        'unknown' in p
          ? p
          : {
              kind: p.kind,
              config: p.config,
              timeout_ms: p.timeoutMs,
              address: p.address,
              host_name: p.hostName,
              policy: p.policy,
              secrets: p.secrets,
            },
    }
  }

  async function sweep() {
    await load()
    const t = now()
    const down = await markProbesDown(store.db, t - deadS)
    for (const p of down) {
      // Its environments where no probe of the group reports any more: nobody checks their hosts.
      const orphaned = [...groups]
        .filter(([, group]) => group.some((g) => g.probeId === p.id) && !group.some((g) => g.probeId !== p.id && live(g, t)))
        .map(([hostgroupId]) => hostgroupId)
      const since =
        p.last_contact === null ? 'has never reported' : `has not reported since ${new Date(p.last_contact * 1000).toISOString()}`
      const deltas = await setHostsOffline(store.db, orphaned, `Probe ${p.name} ${since}`)
      for (const d of deltas) bus.publish(d)
      // Read back as pending: the next result is a change and writes the whole row, so the host leaves offline.
      await engine?.refresh(
        'host',
        deltas.map((d) => d.id),
      )
      await opts.system({
        status: 'PROBE_DOWN',
        message: `Probe ${p.name} ${since}; ${deltas.length} hosts offline`,
        extra_data: { probe_id: p.id, probe: p.name, environment_ids: orphaned, hosts_offline: deltas.length },
      })
    }
  }

  return {
    /** Engine option: the central engine runs no active check of an environment a probe runs. */
    runsHere: (t: Target) => !groups.has(t.hostgroupId),
    /** Rereads assignments at once (after a change through this process). */
    reload: load,
    async start(e: Engine) {
      engine = e
      await load()
      timer = setInterval(() => sweep().catch((err) => log.error({ err }, 'probe sweep failed')), opts.sweepMs)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
    },
    /** A contact from a probe; a probe back from down is a system event. */
    async contact(probe: { id: number; name: string }, from: string, report?: Parameters<typeof touchProbe>[3]) {
      if (!(await touchProbe(store.db, probe.id, from, report))) return
      await opts.system({
        status: 'PROBE_UP',
        message: `Probe ${probe.name} reports again`,
        extra_data: { probe_id: probe.id, probe: probe.name },
      })
      // Hosts another process turned offline are read again here, where the probe's results arrive (see sweep).
      await load()
      const environments = new Set([...groups].filter(([, g]) => g.some((p) => p.probeId === probe.id)).map(([id]) => id))
      const hosts = [...engine!.targets.values()].filter((t) => t.type === 'host' && environments.has(t.hostgroupId)).map((t) => t.id)
      await engine!.refresh('host', hosts)
    },
    /** The checks this probe runs now: its share of the hosts (and their resources) of its environments. */
    async work(probeId: number): Promise<ProbeCheck[]> {
      await load()
      const shares = sharesOf(probeId)
      const out: ProbeCheck[] = []
      for (const t of engine!.targets.values()) if (t.active && shares.get(t.hostgroupId)?.(t.hostId)) out.push(toCheck(t))
      return out
    },
    /**
     * Results of a probe, written like the engine's own with their original times. All or nothing: a target
     * outside the probe's environments (or unknown) refuses the batch, the same answer for both.
     */
    async accept(probeId: number, results: ProbeResult[]) {
      await load()
      const mine = new Set([...groups].filter(([, g]) => g.some((p) => p.probeId === probeId)).map(([id]) => id))
      const t = now()
      const known = (r: ProbeResult) => engine!.targets.get(targetKey(r.type, r.id))
      const missing = results.filter((r) => !known(r))
      for (const type of ['host', 'resource'] as const) {
        const ids = [...new Set(missing.filter((r) => r.type === type).map((r) => r.id))]
        if (ids.length) await engine!.refresh(type, ids)
      }
      const items = results.map((r, index) => {
        const target = known(r)
        if (!target || !mine.has(target.hostgroupId))
          throw new ApiError(r.type === 'host' ? 'host_not_found' : 'resource_check_not_found', { index, [`${r.type}_id`]: r.id })
        if (r.at > t + MAX_FUTURE_S || r.at < t - MAX_AGE_S)
          throw new ApiError('validation_failed', { field: `results.${index}.at`, reason: 'more than a minute ahead or a week old' })
        const { status, output, long_output, perfdata, configuration, inventory, packages } = r
        return { type: r.type, id: r.id, at: r.at, result: { status, output, long_output, perfdata, configuration, inventory, packages } }
      })
      await engine!.submit(items)
      return items.length
    },
  }
}
export type ProbeGateway = ReturnType<typeof createProbeGateway>
