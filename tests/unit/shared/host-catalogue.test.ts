/**
 * SPEC §3 host types and option tags: every check a type, role, access method or tag brings is a valid
 * configuration of a built-in check kind, every type but ping brings a check beyond its host check, and the
 * README's table is the registry's.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkKinds } from '../../../src/server/engine/checks/index'
import { HOST_TYPE_NAMES, HOST_TYPES, WINDOWS_ROLES, hostTypeCategory } from '../../../src/shared/host-types'
import { AGENTLESS_CHECK_TAGS, CHECK_OPTION_TAGS, optionTagCategories, plannedChecks } from '../../../src/shared/host-tags'
import { hostTypeMarkdownTable } from '../../../src/shared/host-catalogue'

const host = { hostname: 'www.example.com' }

describe('host-type catalogue', () => {
  it('plans only configurations the check kinds accept', () => {
    const plans = [
      ...HOST_TYPE_NAMES.flatMap((t) =>
        plannedChecks({
          ...host,
          hosttype: t,
          tags: [...Object.keys(AGENTLESS_CHECK_TAGS), ...Object.keys(CHECK_OPTION_TAGS)],
          access_method: 'check_mk',
        }),
      ),
      ...plannedChecks({ ...host, hosttype: 'windows', tags: ['401', 'no_sni'], windows_roles: [...WINDOWS_ROLES] }),
      ...plannedChecks({ ...host, hosttype: 'website', tags: [], website_inspection_config: '/a text\n/b' }),
    ]
    for (const c of plans) {
      const parsed = checkKinds[c.kind].config.safeParse(c.config)
      expect(parsed.success, `${c.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
    }
  })

  it('gives every type but ping at least one check beyond ping', () => {
    for (const name of HOST_TYPE_NAMES) if (name !== 'ping') expect(HOST_TYPES[name].checks(host).length, name).toBeGreaterThan(0)
  })

  it('removes a check with no_check_* and adds one per agentless-check tag', () => {
    expect(plannedChecks({ ...host, hosttype: 'switch', tags: ['no_check_interfaces'] }).map((c) => c.name)).toEqual([
      'SNMP uptime',
      'Inventory',
    ])
    expect(plannedChecks({ ...host, hosttype: 'ping', tags: ['vnc', 'mx'] }).map((c) => c.kind)).toEqual(['tcp', 'dns'])
    expect(plannedChecks({ ...host, hosttype: 'ping', tags: ['port_scan'] })).toEqual([
      { name: 'Open ports', kind: 'ports', config: {}, check_interval: 86400 },
    ])
  })

  it('checks the humidity sensors of a host with the check option humidity (SPEC §3 "Check options")', () => {
    const humidity = { name: 'Humidity', kind: 'sensors', config: { sensor: 'humidity' } }
    expect(plannedChecks({ ...host, hosttype: 'ups', tags: ['humidity'] })).toContainEqual(humidity)
    expect(plannedChecks({ ...host, hosttype: 'ups', tags: [] })).not.toContainEqual(humidity)
    expect(plannedChecks({ ...host, hosttype: 'ups', tags: ['humidity', 'no_check_humidity'] })).not.toContainEqual(humidity)
    const categories = optionTagCategories('ups')
    expect(categories.check_options).toContain('humidity')
    expect(categories.recorded_only).not.toContain('humidity')
  })

  it('checks Exchange replication through the Checkmk agent with the check option exchange_replication', () => {
    const replication = { name: 'Exchange replication', kind: 'checkmk-agent', config: { parts: ['exchange_replication'] } }
    const exchange = { ...host, hosttype: 'windows', access_method: 'check_mk', windows_roles: ['exchange' as const] }
    expect(plannedChecks({ ...exchange, tags: ['exchange_replication'] })).toContainEqual(replication)
    expect(plannedChecks({ ...exchange, tags: [] })).not.toContainEqual(replication)
    expect(optionTagCategories('windows').recorded_only).not.toContain('exchange_replication')
  })

  it('has no category for an unknown type, which then shows a question icon (SPEC §3, src/ui/icons)', () => {
    expect(hostTypeCategory('toaster')).toBeNull()
    expect(hostTypeCategory('Printer')).toBe('printers')
  })

  it("matches the README's table of host types", () => {
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
    const block = /<!-- host-types:start -->\n([\s\S]*?)\n<!-- host-types:end -->/.exec(readme)?.[1]
    expect(block).toBe(hostTypeMarkdownTable())
  })
})
