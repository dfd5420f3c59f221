/**
 * Checkmk service discovery: POST hosts/{id}/checkmk-services reads the host's agent now and proposes a resource per
 * part, filesystem and local check, on the agent check's port, marking those the host has and naming the host's
 * resources of things the agent no longer reports; it writes nothing, needs host_write, and reaches the agent only
 * where the caller's organization may (issue 13 "Targets").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiSuite } from '../helpers/suite'
import { uniq } from '../helpers/api'
import { linuxAgentOutput, startAgent, type Agent } from '../fixtures/checkmk-agent'

describe('Checkmk service discovery', () => {
  let agent: Agent
  beforeAll(async () => {
    agent = await startAgent(linuxAgentOutput({ apt: ['Inst tzdata [2024a] (2024b Debian:12.8/stable [all])'] }))
  })
  afterAll(() => agent?.close())
  const {
    admin,
    tenants: { a },
  } = useApiSuite('sqlite', { tenants: { a: 'administrator' } })

  it('proposes what the agent reports, one resource each, and marks what the host has', async () => {
    const host = (
      await admin.post('/api/v1/hosts/', { name: uniq('web'), hostgroup_id: a.environmentId, ip_address: '127.0.0.1', check_type: '1' })
    ).body
    const check = { kind: 'checkmk-agent', config: { port: agent.port } }
    await admin.post('/api/v1/resources/', { host_id: host.id, name: 'Checkmk agent', check })
    await admin.post('/api/v1/resources/', {
      host_id: host.id,
      name: 'Memory',
      check: { kind: 'checkmk-agent', config: { port: agent.port, parts: ['memory'] } },
    })
    const before = agent.connections
    const found = await admin.post(`/api/v1/hosts/${host.id}/checkmk-services`)
    expect(found.status).toBe(200)
    expect(agent.connections).toBe(before + 1)
    expect(found.body.output).toBe('CHECKMK OK - 7 services found')
    expect(found.body.result.map((s: { name: string; exists: boolean }) => [s.name, s.exists])).toEqual([
      ['CPU load', false],
      ['Memory', true],
      ['Services', false],
      ['Updates', false],
      ['Filesystem /', false],
      ['Filesystem /srv/web data', false],
      ['Backup age', false],
    ])
    // Each proposal is a resource as POST resources takes it; added, it checks its one filesystem.
    const root = found.body.result.find((s: { name: string }) => s.name === 'Filesystem /')
    expect(root.check).toEqual({ kind: 'checkmk-agent', config: { parts: ['filesystems'], mounts: ['/'], port: agent.port } })
    const added = await admin.post('/api/v1/resources/', { host_id: host.id, name: root.name, check: root.check })
    expect(added.status).toBe(201)
    const again = await admin.post(`/api/v1/hosts/${host.id}/checkmk-services`)
    expect(again.body.result.find((s: { name: string }) => s.name === 'Filesystem /').exists).toBe(true)
    expect(again.body.vanished).toEqual([])
  })

  it('names the resources of things the agent no longer reports, as Checkmk offers to remove vanished services', async () => {
    const host = (
      await admin.post('/api/v1/hosts/', { name: uniq('web'), hostgroup_id: a.environmentId, ip_address: '127.0.0.1', check_type: '1' })
    ).body
    const add = async (name: string, config: Record<string, unknown>) =>
      (
        await admin.post('/api/v1/resources/', {
          host_id: host.id,
          name,
          check: { kind: 'checkmk-agent', config: { port: agent.port, ...config } },
        })
      ).body.id as number
    await add('Checkmk agent', {})
    await add('Memory', { parts: ['memory'] })
    await add('Filesystem /', { parts: ['filesystems'], mounts: ['/'] })
    const data = await add('Filesystem /data', { parts: ['filesystems'], mounts: ['/data'] })
    const job = await add('Old job', { parts: ['local'], local_checks: ['Old job'] })
    // A check of several things is the user's own, never proposed for removal.
    await add('Disks', { parts: ['filesystems'], mounts: ['/', '/data'] })
    const found = await admin.post(`/api/v1/hosts/${host.id}/checkmk-services`)
    expect(found.body.vanished).toEqual([
      { id: data, name: 'Filesystem /data' },
      { id: job, name: 'Old job' },
    ])
  })

  it('reaches the agent only where the organization may, and says why it found nothing', async () => {
    // A server admin put the host on loopback; the organization's own administrator may not reach it from there.
    const host = (
      await admin.post('/api/v1/hosts/', { name: uniq('web'), hostgroup_id: a.environmentId, ip_address: '127.0.0.1', check_type: '1' })
    ).body
    // An agent that was not read tells nothing of what vanished.
    const check = { kind: 'checkmk-agent', config: { parts: ['filesystems'], mounts: ['/data'] } }
    expect((await admin.post('/api/v1/resources/', { host_id: host.id, name: 'Filesystem /data', check })).status).toBe(201)
    const before = agent.connections
    const denied = await a.api.post(`/api/v1/hosts/${host.id}/checkmk-services`)
    expect(denied.status).toBe(200)
    expect(denied.body.result).toEqual([])
    expect(denied.body.vanished).toEqual([])
    expect(denied.body.output).toBe('CHECKMK UNKNOWN - target 127.0.0.1 is not allowed for this organization (loopback)')
    expect(agent.connections).toBe(before)
  })
})
