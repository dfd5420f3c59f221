/**
 * SPEC §3 host admin field "ILO user" and check option "ilo skips": the `redfish` kind against a BMC on loopback that
 * serves a small Redfish tree over HTTPS with a self-signed certificate (as iLOs and iDRACs ship) and HTTP Basic
 * authentication. Each test shapes the tree; the server records the paths it was asked for.
 */
import type http from 'node:http'
import https from 'node:https'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runCheck } from '../../src/server/engine/checks'
import { redfish } from '../../src/server/engine/checks/redfish'
import { optionTagCategories, plannedChecks } from '../../src/shared/host-tags'
import { listen, LOOPBACK, selfSignedCertificate, type Listening } from '../fixtures/loopback'

const USER = 'vigil-monitor'
const PASSWORD = 'Corr3ct-h0rse-battery'
const SECRETS = { ilo_user: USER, password: PASSWORD }

/** Path → document, raw text served as is, or a function that answers by itself. */
type Tree = Record<string, unknown>

/** A response that never ends: a broken or hostile BMC. */
function endless(res: http.ServerResponse) {
  const chunk = Buffer.alloc(64 * 1024, ' ')
  const more = () => {
    while (!res.destroyed && res.write(chunk));
  }
  res.on('error', () => {})
  res.on('drain', more)
  more()
}

function serviceTree(): Tree {
  return {
    '/redfish/v1/': { '@odata.id': '/redfish/v1/', Systems: { '@odata.id': '/redfish/v1/Systems' } },
    '/redfish/v1/Systems': { Members: [{ '@odata.id': '/redfish/v1/Systems/1' }] },
    '/redfish/v1/Systems/1': {
      Id: '1',
      Model: 'ProLiant DL380 Gen10',
      SerialNumber: 'CZ1234',
      PowerState: 'On',
      Status: { Health: 'OK', HealthRollup: 'OK', State: 'Enabled' },
    },
    '/redfish/v1/Chassis': { Members: [{ '@odata.id': '/redfish/v1/Chassis/1' }] },
    '/redfish/v1/Chassis/1': { Id: '1', Name: 'Computer System Chassis', Status: { Health: 'OK', HealthRollup: 'OK', State: 'Enabled' } },
  }
}

/** A BMC's Redfish service: Basic authentication as configured, then the tree's documents. */
function bmc(key: string, cert: string, tree: () => Tree, asked: string[]) {
  const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`
  return https.createServer({ key, cert }, (req, res) => {
    asked.push(req.url ?? '')
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="iLO"', 'content-type': 'application/json' })
      res.end('{"error":{"code":"Base.1.0.NoValidSession"}}')
      return
    }
    const doc = tree()[req.url ?? '']
    if (doc === undefined) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json' })
    if (typeof doc === 'function') return void doc(res)
    res.end(typeof doc === 'string' ? doc : JSON.stringify(doc))
  })
}

describe('redfish check (SPEC §3 ILO user)', () => {
  const { key, cert } = selfSignedCertificate(30)
  let server: Listening
  let elsewhere: Listening
  let tree: Tree
  const asked: string[] = []
  const askedElsewhere: string[] = []
  beforeAll(async () => {
    server = await listen(bmc(key, cert, () => tree, asked))
    elsewhere = await listen(bmc(key, cert, serviceTree, askedElsewhere))
  })
  afterAll(async () => {
    await server.close()
    await elsewhere.close()
  })
  beforeEach(() => {
    tree = serviceTree()
    asked.length = 0
  })
  const run = (secrets: Record<string, string> = SECRETS, policy?: { networks: string[]; names: string[] }) =>
    runCheck(redfish, redfish.config.parse({ port: server.port }), { timeoutMs: 5000, address: LOOPBACK, secrets, policy })
  const set = (path: string, change: Record<string, unknown>) => Object.assign(tree[path] as object, change)

  it('is OK for a healthy server, over a self-signed certificate, naming model, serial, power and chassis', async () => {
    const result = await run()
    expect(result.output).toBe('REDFISH OK - ProLiant DL380 Gen10 (CZ1234) health OK, power On; chassis OK')
    expect(result.status).toBe(0)
    expect(result.long_output).toBeUndefined()
    expect(asked).toEqual(['/redfish/v1/Systems', '/redfish/v1/Systems/1', '/redfish/v1/Chassis', '/redfish/v1/Chassis/1'])
  })

  it('judges the health rollup: a Warning below an OK system is WARNING, a Critical chassis CRITICAL', async () => {
    set('/redfish/v1/Systems/1', { Status: { Health: 'OK', HealthRollup: 'Warning', State: 'Enabled' } })
    const warning = await run()
    expect(warning.status).toBe(1)
    expect(warning.output).toBe('REDFISH WARNING - ProLiant DL380 Gen10 (CZ1234) health Warning, power On; chassis OK')
    expect(warning.long_output).toBe('System ProLiant DL380 Gen10 (CZ1234): health Warning, state Enabled')

    set('/redfish/v1/Chassis/1', { Status: { Health: 'Critical', State: 'Enabled' } })
    const critical = await run()
    expect(critical.status).toBe(2)
    expect(critical.output).toBe('REDFISH CRITICAL - ProLiant DL380 Gen10 (CZ1234) health Warning, power On; chassis Critical')
    expect(critical.long_output?.split('\n')).toEqual([
      'System ProLiant DL380 Gen10 (CZ1234): health Warning, state Enabled',
      'Chassis Computer System Chassis: health Critical, state Enabled',
    ])
  })

  it('is UNKNOWN for a component that reports no health, but a failed one still wins', async () => {
    set('/redfish/v1/Chassis/1', { Status: { State: 'Enabled' } })
    expect((await run()).status).toBe(3)
    set('/redfish/v1/Systems/1', { Status: { HealthRollup: 'Critical' } })
    expect((await run()).status).toBe(2)
  })

  it('warns about a server that is powered off', async () => {
    set('/redfish/v1/Systems/1', { PowerState: 'Off', Status: { Health: 'OK', State: 'StandbyOffline' } })
    const result = await run()
    expect(result.status).toBe(1)
    expect(result.output).toBe('REDFISH WARNING - ProLiant DL380 Gen10 (CZ1234) health OK, power Off; chassis OK')
    expect(result.long_output).toBe('System ProLiant DL380 Gen10 (CZ1234): powered Off, state StandbyOffline')
  })

  it('is CRITICAL when the login is refused, without showing the user or password', async () => {
    const result = await run({ ilo_user: USER, password: 'wrong-Pa55word' })
    expect(result.status).toBe(2)
    expect(result.output).toBe('REDFISH CRITICAL - login refused (check the ILO user and password)')
    const shown = `${result.output}\n${result.long_output ?? ''}`
    expect(shown).not.toContain(USER)
    expect(shown).not.toContain('wrong-Pa55word')
  })

  it('is UNKNOWN without an ILO user, and asks the BMC nothing', async () => {
    const result = await run({ password: PASSWORD })
    expect(result.status).toBe(3)
    expect(result.output).toBe('REDFISH UNKNOWN - the host has no ILO user: set its secrets ilo_user and password')
    expect(asked).toEqual([])
  })

  it('follows only /redfish/v1/ paths of the same BMC, never an absolute URL or a dot segment it hands back', async () => {
    const away = `https://${LOOPBACK}:${elsewhere.port}/redfish/v1/Systems/1`
    set('/redfish/v1/Systems', {
      Members: [{ '@odata.id': '/redfish/v1/Systems/1' }, { '@odata.id': away }, { '@odata.id': '/redfish/v1/../../admin' }],
    })
    askedElsewhere.length = 0
    const result = await run()
    expect(askedElsewhere).toEqual([])
    expect(asked.some((path) => path.includes('..') || path === '/admin')).toBe(false)
    expect(result.status).toBe(0)
    expect(result.long_output?.split('\n')).toEqual([
      `member ${away} of /redfish/v1/Systems not followed: not a /redfish/v1/ path of this BMC`,
      'member /redfish/v1/../../admin of /redfish/v1/Systems not followed: not a /redfish/v1/ path of this BMC',
    ])
  })

  it('is UNKNOWN for a document that is not JSON, or too large to be one, without reading on', async () => {
    tree['/redfish/v1/Systems/1'] = '<html>iLO is starting</html>'
    const invalid = await run()
    expect(invalid.status).toBe(3)
    expect(invalid.output).toBe('REDFISH UNKNOWN - /redfish/v1/Systems/1 is not a Redfish JSON document')

    tree['/redfish/v1/Chassis'] = endless
    tree['/redfish/v1/Systems/1'] = serviceTree()['/redfish/v1/Systems/1']
    const started = Date.now()
    const large = await run()
    // Cut off at the limit, long before the check's 5 s are up.
    expect(Date.now() - started).toBeLessThan(3000)
    expect(large.status).toBe(3)
    expect(large.output).toBe('REDFISH UNKNOWN - /redfish/v1/Chassis is larger than 1 MB')
  })

  it("connects only where the organization's target policy allows (issue 13)", async () => {
    const result = await run(SECRETS, { networks: [], names: [] })
    expect(result.status).toBe(3)
    expect(result.output).toBe('REDFISH UNKNOWN - target 127.0.0.1 is not allowed for this organization (loopback)')
    expect(asked).toEqual([])
  })
})

describe('hardware health planned for BMC host types (SPEC §3 check option "ilo skips")', () => {
  const names = (hosttype: string, tags: string[]) =>
    plannedChecks({ hostname: 'ilo.example.com', hosttype, tags }).map((c) => `${c.name} (${c.kind})`)

  it('brings a Hardware health check with an iLO or iDRAC host, and none with ilo_skip', () => {
    expect(names('ilo', [])).toEqual(['iLO web (https)', 'Hardware health (redfish)'])
    expect(names('idrac', [])).toEqual(['iDRAC web (https)', 'Hardware health (redfish)'])
    expect(names('ilo', ['ilo_skip'])).toEqual(['iLO web (https)'])
    expect(names('idrac', ['ilo_skip'])).toEqual(['iDRAC web (https)'])
  })

  it('offers ilo_skip as a check option only where it removes something', () => {
    expect(optionTagCategories('ilo').check_options).toContain('ilo_skip')
    expect(optionTagCategories('linux').check_options).not.toContain('ilo_skip')
    expect(optionTagCategories('ilo').recorded_only).not.toContain('ilo_skip')
  })
})
