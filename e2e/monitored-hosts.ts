/**
 * The monitoring specs' starting point: an engineer of a fresh organization (the operator's actions plus
 * host_write, which creating hosts and posting results need; SPEC §6) with passive hosts and resources
 * (SPEC §3 check_type "1") put into the given states through the real API (POST /api/v1/results).
 */
import { expect } from 'vitest'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import type { BrowserSuite } from './browser'

export interface MonitoredHostSpec {
  name: string
  /** Nagios exit status of the host check: 0 up, 2 down; none leaves it pending. */
  status?: number
  /** Parent hosts (created earlier in the list): a failing host under a down parent is UNREACHABLE (SPEC §3 parents). */
  parents?: string[]
  resources?: { name: string; status: number; output?: string }[]
}

export type MonitoredTenant = Tenant & { ids: Record<string, number> }

/** `ids` has each host's id by name and each resource's as `host/resource`. */
export async function engineerWith(suite: BrowserSuite, hosts: MonitoredHostSpec[]): Promise<MonitoredTenant> {
  const tenant = await makeTenant(suite.server, suite.admin, 'engineer')
  const ids: Record<string, number> = {}
  const results: unknown[] = []
  for (const h of hosts) {
    const r = await tenant.api.post('/api/v1/hosts/', {
      name: h.name,
      hostgroup_id: tenant.environmentId,
      check_type: '1',
      max_check_attempts: 1,
      ...(h.parents ? { parents: h.parents } : {}),
    })
    expect(r.status).toBe(201)
    ids[h.name] = r.body.id
    if (h.status !== undefined)
      results.push({
        host: h.name,
        exit_status: h.status,
        output: h.status === 0 ? `PING OK - ${h.name}` : `PING CRITICAL - ${h.name} unreachable`,
      })
    for (const res of h.resources ?? []) {
      const created = await tenant.api.post('/api/v1/resources/', {
        host_id: r.body.id,
        name: res.name,
        check_type: '1',
        max_check_attempts: 1,
      })
      expect(created.status).toBe(201)
      ids[`${h.name}/${res.name}`] = created.body.id
      results.push({ host: h.name, resource: res.name, exit_status: res.status, output: res.output ?? `${res.name} output ${res.status}` })
    }
  }
  if (results.length) expect((await tenant.api.post('/api/v1/results', { results })).status).toBe(200)
  return { ...tenant, ids }
}
