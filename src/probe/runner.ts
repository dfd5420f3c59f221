/**
 * Issue 20: runs a probe's checks with the engine's own parts: its scheduler (intervals, retries while SOFT,
 * per-organization fairness), its worker pool and check kinds (runCheck, timeouts, target policy). Each result
 * goes to the disk buffer with its check time; the central server decides states and events from them.
 */
import { createCheckPool } from '../server/engine/pool'
import { Scheduler } from '../server/engine/scheduler'
import { applyResult, NOT_FLAPPING, PENDING_STATE } from '../server/engine/state/index'
import { targetKey, type Target } from '../server/engine/target'
import type { CheckKindName, CheckMemo, CheckResult } from '../server/engine/checks/index'
import type { ProbeCheck } from '../shared/api/probes'
import type { ResultBuffer } from './buffer'

const nowS = () => Math.floor(Date.now() / 1000)

export function createRunner(opts: { buffer: ResultBuffer; workers: number; concurrency: number; onError(err: unknown): void }) {
  const checks = new Map<string, { target: Target; check: ProbeCheck }>()
  const stopping = new AbortController()
  const pool = createCheckPool({ size: opts.workers, onError: opts.onError })
  const scheduler = new Scheduler({
    concurrency: opts.concurrency,
    run: async (t) => {
      const entry = checks.get(t.key)
      if (!entry) return
      const { memo, ...result } = await run(entry.check, t.memo)
      t.memo = memo
      if (stopping.signal.aborted) return
      const at = nowS()
      const { type, id } = entry.check
      opts.buffer.push({ type, id, at, ...result })
      t.state = applyResult(t.state, result.status, at, t.schedule).state
      if (checks.get(t.key)?.target === t) scheduler.plan(t, t.state.next_check! * 1000)
    },
  })

  function run(c: ProbeCheck, memo: CheckMemo | undefined): Promise<CheckResult> {
    if ('unknown' in c.run) return Promise.resolve({ status: 3, output: c.run.unknown, perfdata: [] })
    const r = c.run
    return pool.run(r.kind as CheckKindName, r.config, {
      timeoutMs: r.timeout_ms,
      address: r.address,
      // Issue 20 (SECURITY.md "Probes"): the organization's target policy, judged on the probe's machine.
      policy: r.policy,
      hostName: r.host_name,
      secrets: r.secrets,
      memo,
      signal: stopping.signal,
      onError: (err) => opts.onError(err),
    })
  }

  function toTarget(c: ProbeCheck, old?: Target): Target {
    return {
      key: targetKey(c.type, c.id),
      type: c.type,
      id: c.id,
      hostId: c.host_id,
      hostgroupId: 0,
      organizationId: c.organization_id,
      trusted: !('unknown' in c.run) && c.run.policy === null,
      name: '',
      hostName: 'unknown' in c.run ? '' : c.run.host_name,
      address: 'unknown' in c.run ? '' : c.run.address,
      secrets: '',
      kind: null,
      config: null,
      configError: null,
      active: true,
      schedule: c.schedule,
      freshness: null,
      // The probe's own state is newer than the server's while results wait in the buffer.
      state: old?.state ?? { ...PENDING_STATE, ...c.state, last_hard_status: c.state.state_type === 'HARD' ? c.state.status : null },
      flap: NOT_FLAPPING,
      isStale: false,
      hasGraph: false,
    }
  }

  return {
    start() {
      scheduler.start()
    },
    /** Takes the checks the server assigns now: new ones are planned, changed ones replanned, dropped ones forgotten. */
    assign(list: ProbeCheck[]) {
      const keep = new Set<string>()
      for (const c of list) {
        const key = targetKey(c.type, c.id)
        keep.add(key)
        const old = checks.get(key)
        // The server lost this check's state (its host went offline while no probe reported, SPEC §3): the
        // server's state, due at once, replaces the probe's plan, so the host leaves offline at the next sync.
        const lost = old !== undefined && old.check.state.status !== null && c.state.status === null
        if (!lost && old && JSON.stringify(old.check) === JSON.stringify({ ...c, state: old.check.state })) continue
        const target = toTarget(c, lost ? undefined : old?.target)
        checks.set(key, { target, check: c })
        scheduler.plan(target)
      }
      for (const key of checks.keys())
        if (!keep.has(key)) {
          checks.delete(key)
          scheduler.forget(key)
        }
    },
    get load() {
      return scheduler.inFlight
    },
    get assigned() {
      return checks.size
    },
    async stop() {
      scheduler.stop()
      stopping.abort(new Error('probe stopping'))
      await pool.stop()
    },
  }
}
