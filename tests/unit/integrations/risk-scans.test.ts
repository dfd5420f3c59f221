/**
 * Vulnerability scan reports (issue 8; SPEC §3 Risk fields, §4 RISK info 0 … veryhigh 4, §8 error keys):
 * Nessus v2 and OpenVAS/Greenbone XML written in each format's documented syntax, and malformed input.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseScan } from '../../../src/server/integrations/risk-scans/index'
import { ApiError } from '../../../src/shared/errors'

const fixture = (name: string) => fs.readFileSync(new URL(`../../fixtures/risk-scans/${name}`, import.meta.url), 'utf8')

function errorOf(text: string): { key: string; extra: Record<string, unknown> } {
  try {
    parseScan(text)
  } catch (e) {
    if (e instanceof ApiError) return { key: e.key, extra: e.extra }
    throw e
  }
  throw new Error('parsed')
}

describe('Nessus v2 reports', () => {
  const scan = parseScan(fixture('site.nessus'))
  const byPlugin = (id: string) => scan.findings.filter((f) => f.pluginId === id)

  it('reads every finding of every host, leaving out the port scanner notes (pluginID 0)', () => {
    expect(scan.format).toBe('nessus')
    expect(scan.reportName).toBe('Weekly site scan')
    expect(scan.findings.map((f) => [f.hostName, f.pluginId, f.port, f.protocol])).toEqual([
      ['10.0.0.11', '156860', 443, 'tcp'],
      ['10.0.0.11', '51192', 443, 'tcp'],
      ['10.0.0.11', '19506', 0, 'tcp'],
      ['ghost.example.net', '51192', 443, 'tcp'],
    ])
  })

  it('keeps Nessus severity 0–4 as SPEC §4 RISK and the details of SPEC §3 Risk as plain text', () => {
    const [log4shell] = byPlugin('156860')
    expect(log4shell).toMatchObject({
      pluginName: 'Apache Log4Shell RCE detection',
      severity: 4,
      riskFactor: 'Critical',
      cvss: 9.8,
      synopsis: 'The remote web server is affected by a remote code execution vulnerability.',
      solution: 'Upgrade Apache Log4j to version 2.17.1 or later.',
      solutionType: null,
      pluginOutput: 'Sent: ${jndi:ldap://scanner/a} <and got a callback>',
      cve: ['CVE-2021-44228', 'CVE-2021-45046'],
      cwe: ['CWE-502', 'CWE-917'],
      references: ['https://logging.apache.org/log4j/2.x/security.html', 'https://www.cve.org/CVERecord?id=CVE-2021-44228'],
      affectedSoftware: 'cpe:/a:apache:log4j',
      detectionMethod: 'remote',
    })
    expect(byPlugin('19506')[0]).toMatchObject({ severity: 0, riskFactor: 'None' })
  })

  it('knows a host by every name the report gives it, and when it was scanned', () => {
    const [web, ghost] = byPlugin('51192')
    expect(web.hostKeys).toEqual(['10.0.0.11', 'web-01.example.net'])
    expect(ghost.hostKeys).toEqual(['ghost.example.net', '10.0.0.99'])
    expect(ghost.verifiedAt).toBe(1709548000)
    // Tenable exports: references as a JSON list, first and last seen as ISO times.
    expect(web).toMatchObject({ references: ['https://www.itu.int/rec/T-REC-X.509/en', 'https://en.wikipedia.org/wiki/X.509'], cvss: 6.4 })
    expect([web.firstSeenAt, web.verifiedAt]).toEqual([
      Date.parse('2024-01-15T08:00:00Z') / 1000,
      Date.parse('2024-03-04T10:15:00Z') / 1000,
    ])
    expect(scan.scannedAt).toEqual(expect.any(Number))
  })
})

describe('OpenVAS / Greenbone reports', () => {
  const scan = parseScan(fixture('site-openvas.xml'))

  it('reads the results of the nested report, not the detection results inside them, and leaves out false positives', () => {
    expect(scan).toMatchObject({
      format: 'openvas',
      reportName: 'Nightly database scan',
      scannedAt: Date.parse('2024-03-05T02:30:00Z') / 1000,
    })
    expect(scan.findings.map((f) => [f.pluginId, f.port, f.protocol])).toEqual([
      ['1.3.6.1.4.1.25623.1.0.103552', 5432, 'tcp'],
      ['1.3.6.1.4.1.25623.1.0.108440', 0, 'tcp'],
    ])
  })

  it('maps the severity score to SPEC §4 RISK (CVSS bands) and the nvt tags to the SPEC §3 Risk details', () => {
    const [weak, os] = scan.findings
    expect(weak).toMatchObject({
      hostName: '10.0.0.12',
      hostKeys: ['10.0.0.12', 'db-01'],
      pluginName: 'PostgreSQL weak password',
      severity: 3,
      riskFactor: 'High',
      cvss: 7.5,
      synopsis: 'It was possible to login into the remote\nPostgreSQL as user postgres using weak credentials.',
      description:
        'The postgres account uses a password from a\nlist of common passwords.\n\nAn attacker can read and change every database.',
      solution: 'Change the password as soon as possible.',
      solutionType: 'Mitigation',
      pluginOutput: 'It was possible to login as user postgres with password "postgres".',
      cve: ['CVE-1999-0502'],
      cwe: ['CWE-521'],
      references: ['https://www.postgresql.org/docs/current/auth-password.html'],
      affectedSoftware: 'PostgreSQL servers with default accounts',
      detectionMethod: 'Tries to login with a list of weak passwords.',
      verifiedAt: Date.parse('2024-03-05T02:10:00Z') / 1000,
    })
    expect(os).toMatchObject({ severity: 0, riskFactor: 'Log', solutionType: null, cvss: 0 })
  })

  it('reads threat words when a report has no score, and 9.0 and above as veryhigh (as Nessus critical)', () => {
    const report = (severity: string, threat: string) => `<report><results><result><host>10.1.1.1</host><port>80/tcp</port>
      <nvt oid="1.3.6.1.4.1.25623.1.0.1"><name>x</name></nvt><threat>${threat}</threat>${severity}</result></results></report>`
    expect(parseScan(report('', 'Medium')).findings[0].severity).toBe(2)
    expect(parseScan(report('<severity>9.8</severity>', 'High')).findings[0].severity).toBe(4)
    expect(parseScan(report('<severity>3.9</severity>', 'Low')).findings[0].severity).toBe(1)
  })
})

describe('scan files that are not reports', () => {
  it('refuses malformed XML, document type declarations and empty files as invalid_input (SPEC §8)', () => {
    expect(errorOf('<NessusClientData_v2><Report>').key).toBe('invalid_input')
    expect(errorOf('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><report/>').key).toBe('invalid_input')
    expect(errorOf('  ').key).toBe('invalid_input')
  })

  it('refuses well-formed XML of another format, or a report missing what it must have, as validation_failed', () => {
    expect(errorOf('<mxfile><diagram/></mxfile>')).toMatchObject({ key: 'validation_failed', extra: { field: 'body' } })
    expect(errorOf('<NessusClientData><Report/></NessusClientData>').key).toBe('validation_failed')
    expect(errorOf('<NessusClientData_v2><Policy/></NessusClientData_v2>').key).toBe('validation_failed')
    expect(errorOf('<report><name>no results</name></report>').key).toBe('validation_failed')
    expect(
      errorOf('<report><results><result><port>80/tcp</port><nvt oid="1.2.3"/><threat>High</threat></result></results></report>').key,
    ).toBe('validation_failed')
  })
})
