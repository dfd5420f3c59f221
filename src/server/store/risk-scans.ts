/**
 * Imported vulnerability scans (SPEC §1 "risk (vulnerability) scans", §8 risk_scan_not_found). An import
 * runs in one transaction: the scan row, its findings as risks of the environment, and a timeline event
 * of class risk (type report, status DETECTED) per new risk. A finding is identified by environment, host,
 * plugin, port and protocol: found again, it updates its risk (details, severity, last_scan) instead of
 * adding one. Report hosts are matched to the environment's hosts by name, FQDN or address (any name the
 * report gives, case-insensitively); a finding whose host matches none is kept with host_id null under the
 * report's host name, and listed in the scan's unmatched_hosts.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database, Dialect, RiskScanTable } from './db'
import { demand, type Scope } from './scope'
import { readJson } from './json'
import { chunked, loadRiskTargets } from './action-targets'
import { eventDelta, writeEvents } from './event-log'
import { bulkUpdate, type BulkColumn } from './bulk'
import { ApiError } from '../../shared/errors'
import { demandQuota, limitExceeded, organizationOfEnvironment } from './quotas'
import { UPLOAD_MAX_BYTES } from '../../shared/constants'
import { RISK } from '../../shared/enums'
import { PluginId, RISK_SCAN_FORMATS, type RiskScan, type RiskScanFormat } from '../../shared/api/risks'
import type { FeedDelta } from '../../shared/feed'
import type { ParsedScan, ScanFinding } from '../integrations/risk-scans/index'
import { parseIsolated } from '../integrations/isolated'
import { readRiskOptions } from './organization-settings'
import { NO_NESSUS_SCAN_TAG } from '../../shared/host-tags'

/** Text as stored: no NUL (PostgreSQL refuses it), at most `max` characters where the column has a size. */
const clean = (s: string, max?: number) => s.replaceAll('\u0000', '').slice(0, max)

function toApi(r: Selectable<RiskScanTable>): RiskScan {
  return {
    id: r.id,
    hostgroup_id: r.hostgroup_id,
    format: RISK_SCAN_FORMATS.find((f) => f === r.format) ?? 'nessus',
    file_name: r.file_name,
    report_name: r.report_name,
    scanned_at: r.scanned_at === null ? null : Number(r.scanned_at),
    imported_at: Number(r.imported_at),
    username: r.username,
    findings: r.findings,
    imported: r.imported,
    updated: r.updated,
    unmatched_hosts: readJson<string[]>(r.unmatched_hosts, []),
  }
}

export async function getRiskScan(db: Kysely<Database>, scope: Scope, id: number): Promise<RiskScan> {
  const row = await db.selectFrom('risk_scans').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || !scope.environmentIds.includes(row.hostgroup_id)) throw new ApiError('risk_scan_not_found', { id })
  return toApi(row)
}

interface HostRow {
  id: number
  name: string
  fqdn: string
  ip_address: string
  tags: string
}

/** Lower-cased name, FQDN and address → host; a name wins over another host's FQDN or address. */
function hostIndex(hosts: HostRow[]): Map<string, HostRow> {
  const index = new Map<string, HostRow>()
  for (const field of ['name', 'fqdn', 'ip_address'] as const) {
    for (const h of hosts) if (h[field] && !index.has(h[field].toLowerCase())) index.set(h[field].toLowerCase(), h)
  }
  return index
}

interface Matched {
  f: ScanFinding
  host: HostRow | undefined
  hostRef: string
  key: string
}

/** Each finding once (the last of a repeated one wins), with its host and identity. */
function matchFindings(findings: ScanFinding[], index: Map<string, HostRow>): Map<string, Matched> {
  const out = new Map<string, Matched>()
  for (const f of findings) {
    if (!PluginId.safeParse(f.pluginId).success)
      throw new ApiError('validation_failed', { field: 'body', reason: `"${f.pluginId.slice(0, 100)}" is not a plugin id` })
    const host = f.hostKeys.map((k) => index.get(k.toLowerCase())).find(Boolean)
    const hostRef = host ? `host:${host.id}` : clean(`name:${f.hostName.toLowerCase()}`, 300)
    const protocol = clean(f.protocol, 20)
    const key = JSON.stringify([hostRef, f.pluginId, f.port, protocol])
    out.set(key, { f: { ...f, protocol }, host, hostRef, key })
  }
  return out
}

/** The columns a later scan refreshes (SPEC §3 Risk details), in bulkUpdate's order after `id`. */
const DETAIL_COLUMNS: BulkColumn[] = [
  { name: 'id', type: 'BIGINT' },
  { name: 'host_name', type: 'TEXT' },
  { name: 'plugin_name', type: 'TEXT' },
  { name: 'severity', type: 'BIGINT' },
  { name: 'risk_factor', type: 'TEXT' },
  { name: 'synopsis', type: 'TEXT' },
  { name: 'description', type: 'TEXT' },
  { name: 'solution', type: 'TEXT' },
  { name: 'solution_type', type: 'TEXT' },
  { name: 'plugin_output', type: 'TEXT' },
  { name: 'cvss', type: 'DOUBLE PRECISION' },
  { name: 'cve', type: 'TEXT' },
  { name: 'cwe', type: 'TEXT' },
  { name: 'external_references', type: 'TEXT' },
  { name: 'affected_software', type: 'TEXT' },
  { name: 'detection_method', type: 'TEXT' },
  { name: 'source', type: 'TEXT' },
  { name: 'last_scan', type: 'BIGINT' },
  { name: 'date_verified', type: 'BIGINT' },
  { name: 'last_scan_id', type: 'BIGINT' },
  { name: 'updated_time', type: 'BIGINT' },
]

function details(m: Matched, format: RiskScanFormat, scanId: number, at: number) {
  const { f } = m
  return {
    host_name: clean(m.host?.name ?? f.hostName, 255),
    plugin_name: clean(f.pluginName),
    severity: f.severity,
    risk_factor: clean(f.riskFactor, 20),
    synopsis: clean(f.synopsis),
    description: clean(f.description),
    solution: clean(f.solution),
    solution_type: f.solutionType,
    plugin_output: clean(f.pluginOutput),
    cvss: f.cvss,
    cve: JSON.stringify(f.cve.map((c) => clean(c))),
    cwe: JSON.stringify(f.cwe),
    external_references: JSON.stringify(f.references.map((r) => clean(r))),
    affected_software: clean(f.affectedSoftware),
    detection_method: clean(f.detectionMethod),
    source: format,
    last_scan: at,
    date_verified: f.verifiedAt,
    last_scan_id: scanId,
    updated_time: at,
  }
}

/** Issue 13: scans imported into an organization's environments in the last 24 hours are bounded by its quota. */
async function demandScanQuota(db: Kysely<Database>, hostgroupId: number, at: number) {
  const organizationId = (await organizationOfEnvironment(db, hostgroupId))!
  const row = await db
    .selectFrom('risk_scans')
    .innerJoin('hostgroups', 'hostgroups.id', 'risk_scans.hostgroup_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hostgroups.organization_id', '=', organizationId)
    .where('risk_scans.imported_at', '>', at - 86_400)
    .executeTakeFirstOrThrow()
  await demandQuota(db, organizationId, 'risk_scans', Number(row.n))
}

/** Checks an upload (right, size, quota) and parses it in isolation; nothing is written, no transaction is open. */
export async function readScan(db: Kysely<Database>, scope: Scope, q: { hostgroup_id: number }, text: string, at: number) {
  if (!scope.environmentIds.includes(q.hostgroup_id)) throw new ApiError('hostgroup_not_found', { id: q.hostgroup_id })
  // SPEC §6 names no right for scans; host_write (host data: engineers, administrators) is the closest.
  demand(scope, 'host_write', { environmentId: q.hostgroup_id })
  if (Buffer.byteLength(text) > UPLOAD_MAX_BYTES) throw limitExceeded('upload_bytes', UPLOAD_MAX_BYTES, { field: 'body' })
  await demandScanQuota(db, q.hostgroup_id, at)
  return parseIsolated({ kind: 'scan', text })
}

/** Imports a scan read by readScan in the caller's transaction; returns the scan and the feed deltas of its events. */
export async function importScan(
  tx: Kysely<Database>,
  dialect: Dialect,
  scope: Scope,
  q: { hostgroup_id: number; file_name?: string },
  scan: ParsedScan,
  at: number,
) {
  // Two imports into one environment at once would both insert the same new finding: one waits.
  if (dialect === 'postgres') await sql`SELECT id FROM hostgroups WHERE id = ${q.hostgroup_id} FOR UPDATE`.execute(tx)
  const hosts = await tx
    .selectFrom('hosts')
    .select(['id', 'name', 'fqdn', 'ip_address', 'tags'])
    .where('hostgroup_id', '=', q.hostgroup_id)
    .orderBy('id')
    .execute()
  // Issue 15 Settings "risks": the organization's scan options decide which findings are kept.
  const options = await readRiskOptions(tx, (await organizationOfEnvironment(tx, q.hostgroup_id))!)
  const wanted = scan.findings.filter((f) => f.severity >= RISK[options.minimum_severity])
  const found = matchFindings(wanted, hostIndex(hosts))
  if (!options.keep_unmatched_hosts) for (const [key, m] of found) if (!m.host) found.delete(key)
  // SPEC §3 host option no_nessus_scan: a host kept out of Nessus scans gets no findings from one (nor counts them).
  if (scan.format === 'nessus')
    for (const [key, m] of found) if (m.host && readJson<string[]>(m.host.tags, []).includes(NO_NESSUS_SCAN_TAG)) found.delete(key)
  const existing = new Map<string, number>()
  for (const part of chunked([...new Set([...found.values()].map((m) => m.f.pluginId))])) {
    const rows = await tx
      .selectFrom('risks')
      .select(['id', 'host_ref', 'plugin_id', 'port', 'protocol'])
      .where('hostgroup_id', '=', q.hostgroup_id)
      .where('plugin_id', 'in', part)
      .execute()
    for (const r of rows) existing.set(JSON.stringify([r.host_ref, r.plugin_id, r.port, r.protocol]), r.id)
  }
  const fresh = [...found.values()].filter((m) => !existing.has(m.key))
  const again = [...found.values()].filter((m) => existing.has(m.key))
  const unmatched = [...new Set([...found.values()].filter((m) => !m.host).map((m) => clean(m.f.hostName, 255)))]

  const { id: scanId } = await tx
    .insertInto('risk_scans')
    .values({
      hostgroup_id: q.hostgroup_id,
      format: scan.format,
      file_name: clean(q.file_name ?? '', 255),
      report_name: clean(scan.reportName, 255),
      scanned_at: scan.scannedAt,
      imported_at: at,
      user_id: scope.userId,
      username: scope.username,
      findings: found.size,
      imported: fresh.length,
      updated: again.length,
      unmatched_hosts: JSON.stringify(unmatched),
    })
    .returning('id')
    .executeTakeFirstOrThrow()

  const ids: number[] = []
  for (const part of chunked(fresh, 100)) {
    const rows = await tx
      .insertInto('risks')
      .values(
        part.map((m) => ({
          ...details(m, scan.format, scanId, at),
          hostgroup_id: q.hostgroup_id,
          host_id: m.host?.id ?? null,
          host_ref: m.hostRef,
          plugin_id: m.f.pluginId,
          port: m.f.port,
          protocol: m.f.protocol,
          first_detected: m.f.firstSeenAt ?? at,
          first_scan_id: scanId,
        })),
      )
      .returning('id')
      .execute()
    ids.push(...rows.map((r) => r.id))
  }
  await bulkUpdate(
    tx,
    'risks',
    DETAIL_COLUMNS,
    again.map((m) => {
      const d = details(m, scan.format, scanId, at)
      return [existing.get(m.key), ...DETAIL_COLUMNS.slice(1).map((c) => d[c.name as keyof typeof d])]
    }),
  )

  const targets = await loadRiskTargets(tx, { ids })
  const events = await writeEvents(
    tx,
    targets.map((t) => ({
      type: 'report' as const,
      target: t,
      status: 'DETECTED',
      comment: '',
      actor: scope,
      start_time: at,
      message: `Detected by scan ${scanId} (${scan.format}), severity ${t.state}`,
      extra_data: { scan_id: scanId, severity: t.state, format: scan.format },
    })),
  )
  const saved = await tx.selectFrom('risk_scans').selectAll().where('id', '=', scanId).executeTakeFirstOrThrow()
  return { scan: toApi(saved), deltas: events.map(eventDelta) as FeedDelta[] }
}
