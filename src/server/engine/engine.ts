/**
 * The check engine: keeps every host and resource in memory, runs active checks through the scheduler,
 * takes passive results, writes results in batches (one transaction each) and publishes what changed.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Store } from '../store/db'
import type { Bus } from '../feed/bus'
import type { FeedDelta } from '../../shared/feed'
import type { HostState } from '../../shared/enums'
import { availableParallelism } from 'node:os'
import { checkKinds, type CheckKind, type CheckKindName, type CheckMemo, type CheckResult, type PluginSettings } from './checks/index'
import type { SecretBox } from '../security/secrets'
import { createCheckPool } from './pool'
import { createIngest, type ResultItem } from './ingest'
import { Scheduler } from './scheduler'
import { loadHostTargets, loadResourceTargets, stateName, targetKey, type Target, type TargetType } from './target'
import { FLAP_THRESHOLDS, staleAt, type FlapThresholds } from './state/index'
import { RAW_KEEP_S, rollUp } from '../store/perfdata'
import { createDowntimeTimer } from './downtimes'
import { createAcknowledgementExpiry } from './acknowledgements'
import { readAllAllowedTargets } from '../store/allowed-targets'
import type { AllowedTargets } from '../../shared/api/quotas'
import { readAllChecksPerSecond } from '../store/quotas'
import { readAllCheckTemplates, type CheckTemplateRef } from '../store/check-templates'
import { fillTemplate } from './check-templates'
import { readAllThresholds } from '../store/organization-settings'
import type { OrganizationThresholds } from '../../shared/api/thresholds'
import { withOrganizationThresholds } from './organization-thresholds'
import { hostParentRows, markStale } from '../store/engine-targets'
import { idsInBuckets } from '../store/engine-leases'
import { BUCKETS, bucketOf, soleOwnership, type Ownership } from './leases'

export interface EngineOptions {
  /** checks running at once */
  concurrency: number
  /** a check's timeout unless its config names one */
  timeoutMs: number
  /** results wait at most this long to be written together */
  batchMs: number
  batchMax: number
  staleSweepMs: number
  rollupMs: number
  flapThresholds: FlapThresholds
  /** run active checks (off: only passive results and reschedules are processed) */
  active: boolean
  /** worker threads that run the checks (pool.ts), started with the first check; 0: in the main thread */
  workers: number
  /** opens hosts' sealed secrets for the kinds that use them (snmp, command); none: those kinds find no secrets */
  secretBox: SecretBox | null
  /** the plugin registry of `command` checks; none: plugins cannot run */
  plugins: PluginSettings | undefined
  /** Called with the deltas of every batch this process wrote, once published (notifications, overload watch). */
  onWritten?: (deltas: FeedDelta[]) => void
  /** Called with every batch of results this process wrote, after the commit (issue 20: perfdata to remote write). */
  onCommitted?: (items: ResultItem[]) => void
  /** Issue 20: which hosts this process checks and whether it runs the once-only jobs (leases.ts); default: all, alone. */
  ownership?: Ownership
  /**
   * Issue 20: whether this process runs a target's active checks; the others are run elsewhere (a probe in the
   * customer's network) and only their results come here. The one place where other processes take targets.
   */
  runsHere?: (t: Target) => boolean
}

/** How to run one check (the engine's pool, or a probe's), or the UNKNOWN output it gives without running. */
export type PreparedCheck =
  | {
      kind: CheckKindName
      config: unknown
      timeoutMs: number
      address: string
      hostName: string
      policy: AllowedTargets | null
      secrets?: Record<string, string>
      memo?: CheckMemo
    }
  | { unknown: string }

const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  concurrency: 256,
  timeoutMs: 10_000,
  batchMs: 50,
  batchMax: 2000,
  staleSweepMs: 15_000,
  rollupMs: 5 * 60_000,
  flapThresholds: FLAP_THRESHOLDS,
  active: true,
  // Two check threads beside the main thread: on 2 cores they keep both busier than one does (bench/engine:
  // about 12,000 against 10,000 checks/s), and the main thread's ~30 µs per result caps the engine near 30,000
  // checks/s whatever the cores. On one core the checks stay in the main thread.
  workers: availableParallelism() > 1 ? 2 : 0,
  secretBox: null,
  plugins: undefined,
}

const nowS = () => Math.floor(Date.now() / 1000)

export function createEngine(store: Store, bus: Bus, log: FastifyBaseLogger, options: Partial<EngineOptions> = {}) {
  const opts = { ...DEFAULT_ENGINE_OPTIONS, ...options }
  const ownership = opts.ownership ?? soleOwnership()
  const owns = (t: Target) => ownership.owns(t.hostId)
  const targets = new Map<string, Target>()
  const parents = new Map<number, number[]>()
  // Issue 13: what server admins set for the engine — each organization's allowed targets (carried with every
  // check no server admin saved) and checks_per_second quota, and the check templates by name; issue 15: each
  // organization's default thresholds. Read at start, after a change through this process, and with every stale
  // sweep (a change made through another process).
  let allowedTargets = new Map<number, AllowedTargets>()
  const openTargets: AllowedTargets = { networks: [], names: [] }
  let templates = new Map<string, CheckTemplateRef>()
  let checksPerSecond = new Map<number, number>()
  let thresholds = new Map<number, OrganizationThresholds>()
  const loadSettings = async () => {
    ;[allowedTargets, templates, checksPerSecond, thresholds] = await Promise.all([
      readAllAllowedTargets(store.db),
      readAllCheckTemplates(store.db),
      readAllChecksPerSecond(store.db),
      readAllThresholds(store.db),
    ])
  }
  // Made once: check() runs for every check (bench/engine.ts).
  const lookupTemplate = (name: string) => templates.get(name)
  const stopping = new AbortController()
  let queue: { item: ResultItem; done?: (err?: unknown) => void }[] = []
  let flushTimer: NodeJS.Timeout | null = null
  let flushing: Promise<void> = Promise.resolve()
  let busy = false
  let sweepTimer: NodeJS.Timeout | null = null
  let rollupTimer: NodeJS.Timeout | null = null
  let rolledUpTo = nowS() - RAW_KEEP_S

  // Issue 20: states of hosts another process checks (parents of this process's hosts), as its deltas tell them.
  const otherHostStates = new Map<number, HostState>()
  bus.subscribe((d) => {
    if (d.kind === 'state' && d.object === 'host') otherHostStates.set(d.id, d.state as HostState)
  })
  const hostStatus = (hostId: number): HostState => {
    const h = targets.get(targetKey('host', hostId))
    if (!ownership.owns(hostId) && otherHostStates.has(hostId)) return otherHostStates.get(hostId)!
    return (h ? stateName('host', h.state.status) : 'pending') as HostState
  }
  const ingest = createIngest(store, {
    parentStates: (hostId) => (parents.get(hostId) ?? []).map(hostStatus),
    flapThresholds: opts.flapThresholds,
    secretBox: opts.secretBox,
  })

  // Maintenance starts and ends on its own clock, with or without active checks.
  const downtimes = createDowntimeTimer({
    db: store.db,
    publish: (deltas) => publish(deltas),
    onError: (err) => log.error({ err }, 'maintenance timer failed'),
  })
  // Acknowledgements with an expiry time end on their own clock too (issue 17).
  const acknowledgements = createAcknowledgementExpiry({
    db: store.db,
    publish: (deltas) => publish(deltas),
    onError: (err) => log.error({ err }, 'acknowledgement expiry timer failed'),
  })

  const pool = createCheckPool({ size: opts.workers, plugins: opts.plugins, onError: (err) => log.error({ err }, 'check worker failed') })
  const scheduler = new Scheduler({
    concurrency: opts.concurrency,
    checksPerSecond: (organizationId) => checksPerSecond.get(organizationId) ?? Infinity,
    run: async (t) => {
      const result = await check(t)
      t.memo = result.memo
      // A check cut short by shutdown says nothing about its target; one whose host went to another process is its to write.
      if (stopping.signal.aborted || !owns(t)) return
      await enqueue({ target: t, result, at: nowS() }, false)
    },
  })

  /** The host's secrets for one run, opened only now (DESIGN.md "Secrets"); a string is why they cannot be. */
  function openSecrets(t: Target): Record<string, string> | string | undefined {
    if (!t.secrets) return undefined
    try {
      return JSON.parse(opts.secretBox!.open(t.secrets)) as Record<string, string>
    } catch (err) {
      log.error({ err, target: t.key }, 'host secrets cannot be opened')
      return "the host's secrets cannot be opened (was the secret key changed?)"
    }
  }

  /** Templates, thresholds, timeout, target policy and opened secrets of one run (here or on a probe). */
  function prepare(t: Target): PreparedCheck {
    if (t.configError || !t.kind) return { unknown: t.configError ?? 'no check configured' }
    const secrets = (checkKinds[t.kind] as CheckKind<unknown>).usesSecrets ? openSecrets(t) : undefined
    if (typeof secrets === 'string') return { unknown: secrets }
    const filled = fillTemplate(t.kind, t.config, t.organizationId, lookupTemplate)
    if ('error' in filled) return { unknown: filled.error }
    const timeout = (t.config as { timeout_s?: number }).timeout_s
    return {
      kind: t.kind,
      config: withOrganizationThresholds(t.kind, filled.config, thresholds.get(t.organizationId)),
      timeoutMs: timeout ? timeout * 1000 : opts.timeoutMs,
      address: t.address,
      hostName: t.hostName,
      policy: t.trusted ? null : (allowedTargets.get(t.organizationId) ?? openTargets),
      secrets,
      memo: t.memo,
    }
  }

  function check(t: Target): Promise<CheckResult> {
    const p = prepare(t)
    if ('unknown' in p) return Promise.resolve({ status: 3, output: p.unknown, perfdata: [] })
    return pool.run(p.kind, p.config, {
      ...p,
      signal: stopping.signal,
      onError: (err, kind) => log.error({ err, kind, target: t.key }, 'check kind failed'),
    })
  }

  /**
   * Plans an active target's next check, unless another process runs it (issue 20): another engine process that
   * holds its host's lease (`owns`), or a probe in the customer's network (`runsHere`).
   */
  function plan(t: Target, at?: number, spreadOverdue = false) {
    if (!opts.active || !owns(t)) return
    if (opts.runsHere && !opts.runsHere(t)) scheduler.forget(t.key)
    else scheduler.plan(t, at, spreadOverdue)
  }

  function enqueue(item: ResultItem, wait: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      queue.push({ item, done: wait ? (err) => (err ? reject(err) : resolve()) : undefined })
      if (!wait) resolve()
      // A passive result is written at once when the writer is idle; under load results share batches.
      flushSoon(queue.length >= opts.batchMax || (wait && !busy) ? 0 : opts.batchMs)
    })
  }

  function flushSoon(ms: number) {
    if (flushTimer && ms > 0) return
    if (flushTimer) clearTimeout(flushTimer)
    flushTimer = setTimeout(() => {
      flushTimer = null
      flushing = flushing.then(flush)
    }, ms)
  }

  async function flush() {
    busy = true
    try {
      await drain()
    } finally {
      busy = false
    }
  }

  async function drain() {
    while (queue.length) {
      const batch = queue.slice(0, opts.batchMax)
      queue = queue.slice(batch.length)
      try {
        const deltas = await ingest(batch.map((b) => b.item))
        publish(deltas)
        opts.onWritten?.(deltas)
        opts.onCommitted?.(batch.map((b) => b.item))
        // A triggered flexible maintenance now has an end to plan.
        if (deltas.some((d) => d.kind === 'action')) void downtimes.wake()
        for (const b of batch) b.done?.()
      } catch (err) {
        log.error({ err, results: batch.length }, 'writing check results failed')
        for (const b of batch) b.done?.(err)
        // Active targets try again after their retry interval; nothing was written for them.
        for (const b of batch) b.item.target.state = { ...b.item.target.state, next_check: nowS() + b.item.target.schedule.retry_interval }
      }
      for (const b of batch) if (b.item.target.active) plan(b.item.target, (b.item.target.state.next_check ?? nowS()) * 1000)
    }
  }

  function publish(deltas: FeedDelta[]) {
    for (const d of deltas) bus.publish(d)
  }

  /** SPEC §3 is_stale: results older than twice their interval (or the freshness window) turn stale. */
  async function sweepStale() {
    const now = nowS()
    const stale = [...targets.values()].filter(
      (t) =>
        !t.isStale &&
        owns(t) &&
        (staleAt({
          last_check: t.state.last_check,
          check_interval: t.schedule.check_interval,
          is_passive: !t.active,
          freshness_threshold: t.freshness,
        }) ?? Infinity) < now,
    )
    if (!stale.length) return
    const ids = (type: TargetType) => stale.filter((t) => t.type === type).map((t) => t.id)
    await markStale(store.db, ids('host'), ids('resource'))
    for (const t of stale) {
      t.isStale = true
      bus.publish({
        kind: 'state',
        object: t.type,
        id: t.id,
        host_id: t.hostId,
        hostgroup_id: t.hostgroupId,
        name: t.name,
        host_name: t.hostName,
        state: stateName(t.type, t.state.status),
        state_type: t.state.state_type,
        current_attempt: t.state.current_attempt,
        plugin_output: '',
        last_check: t.state.last_check,
        next_check: t.state.next_check,
        last_state_change: t.state.last_state_change,
        is_flapping: t.flap.is_flapping,
        is_stale: true,
      })
    }
  }

  async function loadParents() {
    const rows = await hostParentRows(store.db)
    parents.clear()
    for (const r of rows) parents.set(r.host_id, [...(parents.get(r.host_id) ?? []), r.parent_id])
  }

  function track(t: Target, spreadOverdue = false) {
    targets.set(t.key, t)
    plan(t, undefined, spreadOverdue)
  }

  /** Rereads hosts or resources from the database (tracking those found, forgetting the rest). */
  async function reload(type: TargetType, ids: number[], spreadOverdue = false) {
    const loaded = type === 'host' ? await loadHostTargets(store.db, ids) : await loadResourceTargets(store.db, ids)
    if (type === 'host') await loadParents()
    const found = new Set(loaded.map((t) => t.key))
    for (const id of ids) if (!found.has(targetKey(type, id))) forget(type, id)
    for (const t of loaded) track(t, spreadOverdue)
  }

  function forget(type: TargetType, id: number) {
    targets.delete(targetKey(type, id))
    scheduler.forget(targetKey(type, id))
  }

  const inBuckets = (buckets: number[]) => {
    const set = new Set(buckets)
    return [...targets.values()].filter((t) => set.has(bucketOf(t.hostId)))
  }

  // Issue 20: hosts and resources changed through another process.
  bus.onTargetsChanged(
    ({ type, ids, now }) =>
      void reload(type, ids)
        .then(() => {
          for (const id of now ? ids : []) {
            const t = targets.get(targetKey(type, id))
            if (t?.active) plan(t, Date.now())
          }
        })
        .catch((err) => log.error({ err, type }, 'rereading changed targets failed')),
  )

  function startLeaderJobs() {
    rollupTimer = setInterval(() => {
      const now = nowS()
      rollUp(store.db, now, rolledUpTo - 300).then(
        () => {
          rolledUpTo = now
        },
        (err) => log.error({ err }, 'perfdata rollup failed'),
      )
    }, opts.rollupMs)
    rollupTimer.unref()
    return Promise.all([downtimes.start(), acknowledgements.start()])
  }

  function stopLeaderJobs() {
    if (rollupTimer) clearInterval(rollupTimer)
    rollupTimer = null
    return Promise.all([downtimes.stop(), acknowledgements.stop()])
  }

  return {
    targets,
    /** wake() after scheduling or removing maintenance: what is due now is applied before it resolves */
    downtimes,
    /** wake() after acknowledging with an expiry time, so the timer plans it */
    acknowledgements,
    async start() {
      const [hosts, resources] = await Promise.all([
        loadHostTargets(store.db),
        loadResourceTargets(store.db),
        loadParents(),
        loadSettings(),
      ])
      for (const t of [...hosts, ...resources]) track(t, true)
      if (opts.active) scheduler.start()
      await ownership.start({
        // The last owner's results are in the database, not in this process's copy: reread before checking.
        acquired: async (buckets) => {
          const { hostIds, resourceIds } = await idsInBuckets(store.db, buckets, BUCKETS)
          const known = inBuckets(buckets)
          const ids = (type: TargetType, found: number[]) => [
            ...new Set([...found, ...known.filter((t) => t.type === type).map((t) => t.id)]),
          ]
          await reload('host', ids('host', hostIds), true)
          await reload('resource', ids('resource', resourceIds), true)
        },
        // Results of these hosts already taken are written before the next owner reads them.
        releasing: async (buckets) => {
          for (const t of inBuckets(buckets)) scheduler.forget(t.key)
          flushing = flushing.then(flush)
          await flushing
        },
        leader: (on) => (on ? startLeaderJobs() : stopLeaderJobs()).then(() => undefined),
      })
      sweepTimer = setInterval(() => {
        sweepStale().catch((err) => log.error({ err }, 'stale sweep failed'))
        loadSettings().catch((err) => log.error({ err }, 'reading allowed targets, templates, quotas and thresholds failed'))
      }, opts.staleSweepMs)
      sweepTimer.unref()
    },
    async stop() {
      scheduler.stop()
      await ownership.stop()
      stopping.abort(new Error('engine stopping'))
      await pool.stop()
      if (sweepTimer) clearInterval(sweepTimer)
      if (flushTimer) clearTimeout(flushTimer)
      flushTimer = null
      flushing = flushing.then(flush)
      await flushing
    },
    /** Reloads hosts or resources after they were created or changed through the API. */
    async refresh(type: TargetType, ids: number[]) {
      await reload(type, ids)
      bus.targetsChanged({ type, ids })
    },
    /** Rereads allowed targets, check templates, quotas and thresholds after one changed; later checks use them. */
    refreshSettings: loadSettings,
    prepare,
    /** Plans every target again after `runsHere` changed its answer for some (issue 20: probe assignments). */
    replan() {
      for (const t of targets.values()) plan(t)
    },
    forget(type: TargetType, id: number) {
      forget(type, id)
      bus.targetsChanged({ type, ids: [id] })
    },
    /** SPEC §1 "Reschedule checks": run it now (false when it has no active check). */
    reschedule(type: TargetType, id: number): boolean {
      const t = targets.get(targetKey(type, id))
      // A probe's target is run by its probe on its own schedule.
      if (!t || !t.active || (opts.runsHere && !opts.runsHere(t))) return false
      // Issue 20: a host another process checks is run now by that process.
      if (owns(t)) scheduler.plan(t, Date.now())
      else bus.targetsChanged({ type, ids: [id], now: true })
      return true
    },
    /** Passive results: processed exactly like active ones; resolves once written. */
    async submit(items: { type: TargetType; id: number; result: CheckResult; at?: number }[]) {
      // Objects created a moment ago by another process may not be tracked yet, and the state of those another
      // process checks is the database's, not this process's copy (issue 20).
      for (const type of ['host', 'resource'] as const) {
        const reread = items.filter((i) => {
          const t = targets.get(targetKey(type, i.id))
          return i.type === type && (!t || !owns(t))
        })
        if (reread.length) await reload(type, [...new Set(reread.map((i) => i.id))])
      }
      const resolved = items.map((i) => {
        const t = targets.get(targetKey(i.type, i.id))
        if (!t) throw new Error(`engine does not know ${i.type} ${i.id}`)
        return { target: t, result: i.result, at: i.at ?? nowS() }
      })
      await Promise.all(resolved.map((r) => enqueue(r, true)))
    },
    get inFlight() {
      return scheduler.inFlight
    },
    /** worker threads running checks now (pool.ts) */
    get threads() {
      return pool.threads
    },
  }
}
export type Engine = ReturnType<typeof createEngine>
