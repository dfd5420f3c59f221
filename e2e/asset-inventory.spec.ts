/**
 * SPEC §2 /assets/{hostname}/{tab} with the SPEC §3 asset sections Vigil collects: a host whose inventory check
 * read a real snmpd (tests/fixtures/snmpd.ts, this machine's own system, interfaces, addresses and memory), its
 * sections as tabs in SPEC order beside the packages its agent pushed; and a web server's certificate and open
 * ports from its https check and port scan. Against the built app and the real server.
 */
import https from 'node:https'
import { cpus } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { makeTenant, waitFor, type Tenant } from '../tests/helpers/api'
import { SNMPD_COMMUNITY, SYS_LOCATION, startSnmpd, type Snmpd } from '../tests/fixtures/snmpd'
import { listen, selfSignedCertificate, tcpServer, type Listening } from '../tests/fixtures/loopback'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite({ env: { VIGIL_ENGINE: '1' } })

async function column(table: Locator, index: number): Promise<string[]> {
  const out: string[] = []
  for (const row of (await table.getByRole('row').all()).slice(1)) out.push((await row.getByRole('cell').nth(index).innerText()).trim())
  return out
}

describe('collected asset sections (SPEC §3)', () => {
  let agent: Snmpd
  let user: Tenant

  beforeAll(async () => {
    agent = await startSnmpd()
    user = await makeTenant(suite.server, suite.admin)
    // A server admin aims it at loopback (issue 13: a customer may not).
    const host = await suite.admin.post('/api/v1/hosts/', {
      name: 'core-sw-01',
      hostgroup_id: user.environmentId,
      ip_address: '127.0.0.1',
      check_type: '1',
      secrets: { snmp_community: SNMPD_COMMUNITY },
    })
    expect(host.status).toBe(201)
    const resource = await suite.admin.post('/api/v1/resources/', {
      host_id: host.body.id,
      name: 'Inventory',
      check: { kind: 'inventory', config: { port: agent.port } },
      check_interval: 86400,
    })
    expect(resource.status).toBe(201)
    await waitFor(async () => (await user.api.get(`/api/v1/hosts/${host.body.id}/assets`)).body.totalresults > 0, 15_000)
    await user.api.put(`/api/v1/hosts/${host.body.id}/software`, { software: [{ name: 'snmpd', version: '5.9.3' }] })
  })
  afterAll(() => agent?.close())

  it('shows the sections in SPEC order and each collected table sorted by the user', async () => {
    const page = await openAs(suite, user, '/assets/core-sw-01')
    const tabs = page.getByRole('navigation', { name: 'Asset sections' }).getByRole('link')
    await expect
      .poll(() => tabs.allInnerTexts())
      .toEqual(['CPU', 'System', 'Packages', 'Memory', 'Addresses', 'Routes', 'Interfaces', 'Storage'])
    // The first tab with data opens: the machine's processors (their load once snmpd has sampled a minute).
    await expect.poll(() => page.getByRole('table', { name: 'CPU' }).getByRole('row').count()).toBe(cpus().length + 1)
    await tabs.filter({ hasText: 'System' }).click()
    const system = page.getByRole('region', { name: 'System' })
    await system.getByText(SYS_LOCATION).waitFor()
    await system.getByText('noc@example.com').waitFor()

    await tabs.filter({ hasText: 'Interfaces' }).click()
    await page.waitForURL(/\/assets\/core-sw-01\/interfaces/)
    const interfaces = page.getByRole('table', { name: 'Interfaces' })
    await expect.poll(async () => (await column(interfaces, 1)).includes('lo')).toBe(true)
    const lo = interfaces.getByRole('row').filter({ hasText: 'softwareLoopback' })
    expect(await lo.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['lo', 'softwareLoopback', '65536', 'up']))
    const name = interfaces.getByRole('button', { name: /^Name/ })
    await name.click()
    await name.click()
    await page.waitForURL(/order=-name/)
    const descending = (names: string[]) =>
      names.join() === [...names].sort((a, b) => b.localeCompare(a, undefined, { numeric: true })).join()
    await expect.poll(async () => descending(await column(interfaces, 1))).toBe(true)

    await tabs.filter({ hasText: 'Storage' }).click()
    const storage = page.getByRole('table', { name: 'Storage' })
    const memory = storage.getByRole('row').filter({ hasText: 'Physical memory' })
    await memory.waitFor()
    // Sizes read as sizes (allocation units times units), not raw numbers.
    expect((await memory.getByRole('cell').allInnerTexts()).join(' ')).toMatch(/\d(\.\d)? (MB|GB)/)

    await tabs.filter({ hasText: 'Memory' }).click()
    await page
      .getByRole('region', { name: 'Memory' })
      .getByText(/^\d+(\.\d)? GB$/)
      .waitFor()

    await tabs.filter({ hasText: 'Packages' }).click()
    await page.getByRole('table', { name: 'Packages' }).getByRole('cell', { name: 'snmpd' }).waitFor()
  })

  it("shows a host's certificates, open ports and external overview, naming the checks that found them", async () => {
    const web: Listening = await listen(https.createServer(selfSignedCertificate(30), (_req, res) => res.end('ok')))
    const ssh = await tcpServer((socket) => socket.write('SSH-2.0-OpenSSH_9.2p1\r\n'))
    try {
      const host = await suite.admin.post('/api/v1/hosts/', {
        name: 'web-01',
        hostgroup_id: user.environmentId,
        ip_address: '127.0.0.1',
        check_type: '1',
      })
      for (const [name, check] of [
        ['HTTPS', { kind: 'https', config: { port: web.port, host_header: 'localhost' } }],
        ['Open ports', { kind: 'ports', config: { ports: [web.port, ssh.port] } }],
      ] as const)
        await suite.admin.post('/api/v1/resources/', { host_id: host.body.id, name, check, check_interval: 86400 })
      await waitFor(async () => (await user.api.get(`/api/v1/hosts/${host.body.id}/assets`)).body.totalresults === 3, 15_000)

      const page = await openAs(suite, user, '/assets/web-01')
      const tabs = page.getByRole('navigation', { name: 'Asset sections' }).getByRole('link')
      await expect.poll(() => tabs.allInnerTexts()).toEqual(['SSL info', 'External overview', 'Open ports'])
      const certificates = page.getByRole('table', { name: 'SSL info' })
      const row = certificates.getByRole('row').filter({ hasText: 'self-signed' })
      const cells = await row.getByRole('cell').allInnerTexts()
      expect(cells).toEqual(expect.arrayContaining([String(web.port), 'localhost', 'self-signed', 'TLSv1.3', 'RSA 2048']))
      // Validity reads as dates (SPEC §2 date format), not unix seconds.
      expect(cells.filter((c) => /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}/.test(c))).toHaveLength(2)
      await page.getByText(/^Collected by HTTPS /).waitFor()

      await tabs.filter({ hasText: 'External overview' }).click()
      const overview = page.getByRole('region', { name: 'External overview' })
      await overview.getByText('127.0.0.1').waitFor()
      await page.getByText(/^Collected by Open ports /).waitFor()

      await tabs.filter({ hasText: 'Open ports' }).click()
      await page.waitForURL(/\/assets\/web-01\/open_ports/)
      const open = page.getByRole('table', { name: 'Open ports' })
      await open.getByRole('cell', { name: 'SSH-2.0-OpenSSH_9.2p1' }).waitFor()
      expect(await open.getByRole('row').count()).toBe(3)
    } finally {
      await web.close()
      await ssh.close()
    }
  })
})
