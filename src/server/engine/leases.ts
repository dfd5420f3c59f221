/**
 * Issue 20 "Several processes on one PostgreSQL" (DESIGN.md): engine processes split the hosts by leases in
 * the database. Host ids fall into BUCKETS buckets (id modulo BUCKETS; ids are sequential, so buckets stay
 * even); each bucket is leased by one process, renewed every third of the lease time. A process holds about
 * its fair share (buckets / live processes, rounded up): beyond it, it hands buckets back; below it, it takes
 * free or expired ones. One more lease, `leader`, picks the process that runs the once-only jobs
 * (maintenance timer, acknowledgement expiry, perfdata roll-up). A process that stops renewing loses its
 * buckets when they expire, and stops acting on them itself a little earlier (its own clock, `expireAt`),
 * so two processes never check one host. On SQLite one process owns everything (soleOwnership).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../store/db'
import { ensureLeases, heartbeat, leave, releaseLeases, renewLeases, takeLeases } from '../store/engine-leases'

export const BUCKETS = 64
export const bucketOf = (hostId: number) => hostId % BUCKETS

const LEADER = 'leader'
const bucketName = (b: number) => `bucket:${b}`
const ALL_BUCKETS = Array.from({ length: BUCKETS }, (_, b) => bucketName(b))
const bucketNumber = (name: string) => Number(name.slice('bucket:'.length))

/** What the engine is told when its share changes (engine.ts). */
export interface OwnershipHandlers {
  /** buckets just taken: read their hosts and resources from the database (their state is the last owner's) */
  acquired(buckets: number[]): Promise<void>
  /** buckets about to be handed back: stop checking them and finish writing their results first */
  releasing(buckets: number[]): Promise<void>
  /** this process now runs (true) or no longer runs (false) the once-only jobs */
  leader(on: boolean): Promise<void>
}

/** Which hosts this process checks; the engine's one question about other processes. */
export interface Ownership {
  owns(hostId: number): boolean
  start(handlers: OwnershipHandlers): Promise<void>
  stop(): Promise<void>
}

/** One process (SQLite, or PostgreSQL with a single process): every host, and the once-only jobs, without leases. */
export function soleOwnership(): Ownership {
  let handlers: OwnershipHandlers | null = null
  return {
    owns: () => true,
    async start(h) {
      handlers = h
      await h.leader(true)
    },
    async stop() {
      await handlers?.leader(false)
    },
  }
}

/** An API-only process (VIGIL_ROLE=api): checks nothing and runs no once-only job; passive results it still writes. */
export const noOwnership: Ownership = { owns: () => false, start: async () => {}, stop: async () => {} }

export interface LeaseOptions {
  db: Kysely<Database>
  /** this process in `engine_leases.owner`: unique per start */
  processId: string
  /** VIGIL_LEASE_S in milliseconds: how long a lease lasts unrenewed */
  leaseMs: number
  onError(err: unknown): void
}

export function createLeases({ db, processId, leaseMs, onError }: LeaseOptions): Ownership {
  const owned = new Set<number>()
  let leader = false
  let handlers: OwnershipHandlers
  let timer: NodeJS.Timeout | null = null
  // Fires when a renewal came too late by this process's clock (stalled, or the database away): it lets go of
  // everything before another process may take over (the lease is longer than this).
  let expiry: NodeJS.Timeout | null = null
  let ticking: Promise<void> = Promise.resolve()
  let stopped = false

  /** Forgets leases locally (stops checking), then hands them back in the database unless they are gone already. */
  async function drop(buckets: number[], loseLeader: boolean, inDatabase: boolean) {
    for (const b of buckets) owned.delete(b)
    if (buckets.length) await handlers.releasing(buckets)
    if (loseLeader && leader) {
      leader = false
      await handlers.leader(false)
    }
    if (inDatabase) await releaseLeases(db, processId, [...buckets.map(bucketName), ...(loseLeader ? [LEADER] : [])])
  }

  /** Buckets this process now holds: read, then checked; those not read are handed back, to be taken again later. */
  async function gain(buckets: number[]) {
    if (!buckets.length) return
    for (const b of buckets) owned.add(b)
    await handlers.acquired(buckets).catch((err: unknown) => drop(buckets, false, true).then(() => onError(err)))
  }

  function expireAt(sent: number) {
    if (expiry) clearTimeout(expiry)
    expiry = setTimeout(() => void drop([...owned], true, false).catch(onError), sent + leaseMs * 0.8 - Date.now())
    expiry.unref()
  }

  async function tick() {
    const sent = Date.now()
    const live = await heartbeat(db, processId, leaseMs)
    const held = new Set(await renewLeases(db, processId, leaseMs))
    expireAt(sent)
    // Leases that expired unrenewed may be another's now; ones still held after a local expiry are this one's again.
    await drop(
      [...owned].filter((b) => !held.has(bucketName(b))),
      !held.has(LEADER),
      false,
    )
    await gain(
      [...held]
        .filter((n) => n !== LEADER)
        .map(bucketNumber)
        .filter((b) => !owned.has(b)),
    )
    const fair = Math.ceil(BUCKETS / Math.max(1, live))
    if (owned.size > fair) await drop([...owned].sort((a, b) => a - b).slice(fair), false, true)
    else if (owned.size < fair) await gain((await takeLeases(db, processId, leaseMs, ALL_BUCKETS, fair - owned.size)).map(bucketNumber))
    if (!leader && (held.has(LEADER) || (await takeLeases(db, processId, leaseMs, [LEADER], 1)).length)) {
      leader = true
      await handlers.leader(true)
    }
  }

  function loop() {
    ticking = ticking.then(tick).catch(onError)
    void ticking.then(() => {
      if (stopped) return
      timer = setTimeout(loop, leaseMs / 3)
      timer.unref()
    })
  }

  return {
    owns: (hostId) => owned.has(bucketOf(hostId)),
    async start(h) {
      handlers = h
      await ensureLeases(db, [...ALL_BUCKETS, LEADER])
      loop()
      await ticking
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      if (expiry) clearTimeout(expiry)
      await ticking
      try {
        await drop([...owned], true, false)
        await leave(db, processId)
      } catch (err) {
        onError(err)
      }
    },
  }
}
