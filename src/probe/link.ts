/**
 * Issue 20: the probe's link to the central server. The probe always connects out (HTTP(S)), so the
 * customer's network opens no port. A refused token (revoked) is final; anything else is a link that is down.
 */
import { ProbeWork, type ProbeResult } from '../shared/api/probes'

export class RefusedError extends Error {}

export function createLink(serverUrl: string, token: string, timeoutMs: number) {
  async function post(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(new URL(`/api/v1/probe-link/${path}`, serverUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (res.status === 401) throw new RefusedError('the central server refused the probe token (revoked or unknown)')
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${(await res.text()).slice(0, 500)}`)
    return res.json()
  }
  return {
    async sync(report: { version: string; lag_s: number; load: number }) {
      return ProbeWork.parse(await post('sync', report))
    },
    async send(results: ProbeResult[]) {
      await post('results', { results })
    },
  }
}

/** The wait after `failures` failures in a row: doubling from `baseMs` up to `maxMs`, with jitter. */
export function backOff(failures: number, baseMs: number, maxMs: number) {
  const ms = Math.min(maxMs, baseMs * 2 ** Math.min(failures, 20))
  return ms / 2 + (Math.random() * ms) / 2
}
