/**
 * Host state changes for the map benchmarks (bench/map-viewer.ts update frames, bench/wall-soak.ts): posted as real
 * results (POST /api/v1/results) so that the engine and the live feed deliver them to the open map.
 */
import type { Tenant } from '../../tests/helpers/api'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * `rate` changes a second for `ms`: a batch every 100 ms, each a spread of the hosts toggling down ↔ up.
 * `afterBatch` runs after each batch is posted, with the time since the start and the results sent so far. Returns
 * the results sent and the start.
 */
export async function postStateChanges(
  m: { tenant: Tenant; hostNames: readonly string[] },
  rate: number,
  ms: number,
  afterBatch?: (elapsedMs: number, sent: number) => Promise<void>,
): Promise<{ sent: number; started: number }> {
  const perBatch = Math.max(1, Math.round(rate / 10))
  const down = new Set<number>()
  let sent = 0,
    seq = 0
  const started = Date.now()
  for (let batch = 0; Date.now() - started < ms; batch++) {
    const due = started + batch * 100
    if (due > Date.now()) await sleep(due - Date.now())
    const results = Array.from({ length: perBatch }, () => {
      const i = (seq++ * 7919) % m.hostNames.length
      const exit = down.has(i) ? 0 : 2
      if (exit) down.add(i)
      else down.delete(i)
      return { host: m.hostNames[i], exit_status: exit, output: exit ? 'PING CRITICAL' : 'PING OK' }
    })
    const r = await m.tenant.api.post('/api/v1/results', { results })
    if (r.status !== 200) throw new Error(`results: ${r.status} ${JSON.stringify(r.body)}`)
    sent += results.length
    await afterBatch?.(Date.now() - started, sent)
  }
  return { sent, started }
}
