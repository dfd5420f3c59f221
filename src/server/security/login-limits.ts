/**
 * Issue 13 "Login" (review M5): limits that keep unauthenticated logins from taking the server's CPU and
 * thread pool, whatever usernames they send. In memory, per process, like the per-username rate limit.
 */

/** Failed logins per source address and minute, any username (SPEC §8 login code 5 past it). */
export const LOGIN_FAILURES_PER_ADDRESS = 30
/**
 * Password hashes running at once. scrypt runs on libuv's thread pool (4 threads), which the engine's
 * dns.lookup and the file I/O share: two hashes leave them the other half.
 */
export const HASHES_AT_ONCE = 2
/** Logins that wait for a hash; past them a login is refused at once, without hashing. */
export const HASHES_WAITING = 8

/** Sources tracked at most; the oldest is forgotten first. */
const MAX_SOURCES = 10_000

/** The source a login is counted against: the IPv4 address, or the /64 an IPv6 host can pick addresses from. */
export function sourceOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (v4 || !ip.includes(':')) return v4?.[1] ?? ip
  const [head, tail] = ip.split('%')[0].split('::')
  const h = head ? head.split(':') : []
  const t = tail ? tail.split(':') : []
  const groups = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t]
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

/**
 * Failed logins per source in a fixed window. An attempt takes from the budget before it is hashed and a
 * correct password gives it back, so a flood is refused without hashing while users who log in (many may
 * share one proxy address) are not counted.
 */
export function addressBudget(max: number, windowMs: number) {
  const spent = new Map<string, { start: number; used: number }>()
  return {
    take(source: string): boolean {
      const t = Date.now()
      let entry = spent.get(source)
      if (!entry || t - entry.start >= windowMs) {
        // Re-inserted, so the map stays in window order and the first key is the oldest window.
        spent.delete(source)
        if (spent.size >= MAX_SOURCES) spent.delete(spent.keys().next().value!)
        entry = { start: t, used: 0 }
        spent.set(source, entry)
      }
      if (entry.used >= max) return false
      entry.used++
      return true
    },
    refund(source: string) {
      const entry = spent.get(source)
      if (entry && entry.used > 0) entry.used--
    },
  }
}

/** At most `running` tasks at once and `waiting` queued; `run` answers undefined, not running `work`, past that. */
export function hashGate(running: number, waiting: number) {
  let active = 0
  const queue: (() => void)[] = []
  return {
    run<T>(work: () => Promise<T>): Promise<T> | undefined {
      if (active >= running && queue.length >= waiting) return undefined
      const slot = active < running ? (active++, Promise.resolve()) : new Promise<void>((resolve) => queue.push(resolve))
      // A finished task hands its slot to the next in the queue.
      return slot.then(work).finally(() => {
        const next = queue.shift()
        if (next) next()
        else active--
      })
    },
  }
}
