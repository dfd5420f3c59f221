/**
 * Risks (issue 8; SPEC §3 Risk, §4 RISK and risk group style, §7 Risk model and Tickets, §8 risk_scan_not_found).
 * Paths, all under /api/v1 and scoped to the caller's environments:
 *
 *   POST   risks/scans?hostgroup_id=&file_name=   body: a Nessus v2 (.nessus) or OpenVAS/Greenbone XML report → 201 RiskScan
 *   GET    risks/scans/:id                        → RiskScan (404 risk_scan_not_found)
 *   GET    risks                                  list protocol (SPEC §7) plus hostgroup_id, host_id, severity → RiskList
 *   GET    risks/grouped?group_by=                SPEC §7 grouped
 *   GET    risks/:id                              → Risk (unknown: not_found, SPEC §8 names no risk key)
 *   GET    risks/plugins?hostgroup_id=            → RiskPluginList: an environment's risks grouped by plugin, counts per severity
 *   GET    risks/:hostgroup_id/:plugin_id         → RiskGroup (severity, counts per severity, its risks)
 *   GET|POST|DELETE risks/:risk_id/tickets, risks/:hostgroup_id/:risk_plugin_id/tickets (src/shared/api/tickets.ts)
 *
 * Vigil's readings: a risk is one plugin finding on one host and port; a later scan that finds it again
 * moves its last_scan (never a second risk). `severity` is the SPEC §3 name and `severity_id` the SPEC §4
 * RISK number beside it, as hosts carry `state` and `state_id`. In `filter`/`advanced_filter` the
 * `severity` column compares RISK numbers (so that it sorts by weight); the `severity` query parameter
 * takes names or numbers.
 */
import { z } from 'zod'
import { RISK } from '../enums'
import { LIST_LIMIT_MAX } from '../constants'

export const RISK_SEVERITIES = ['info', 'low', 'medium', 'high', 'veryhigh'] as const satisfies readonly (keyof typeof RISK)[]
export const RiskSeverity = z.enum(RISK_SEVERITIES)
export type RiskSeverity = z.infer<typeof RiskSeverity>

/** SPEC §3 Risk remediation kinds. */
export const SOLUTION_TYPES = ['VendorFix', 'Mitigation', 'Workaround', 'WillNotFix', 'NoneAvailable'] as const
export const SolutionType = z.enum(SOLUTION_TYPES)
export type SolutionType = z.infer<typeof SolutionType>

/** The scan report formats Vigil reads. */
export const RISK_SCAN_FORMATS = ['nessus', 'openvas'] as const
export type RiskScanFormat = (typeof RISK_SCAN_FORMATS)[number]

/** A plugin id as scanners write them: Nessus numbers, OpenVAS OIDs (the events filter's risk_plugin_id). */
export const PluginId = z.string().regex(/^[\w.:-]{1,100}$/, 'a plugin id')

/** SPEC §4 RISK name of a number (0–4). */
export const severityName = (n: number): RiskSeverity => RISK_SEVERITIES[Math.max(0, Math.min(4, Math.round(n)))]

export const SeverityCounts = z.object({
  info: z.number().int(),
  low: z.number().int(),
  medium: z.number().int(),
  high: z.number().int(),
  veryhigh: z.number().int(),
})
export type SeverityCounts = z.infer<typeof SeverityCounts>

/** SPEC §4: "A risk group's style follows its highest severity with a nonzero count, and pending when there are none." */
export function riskGroupSeverity(counts: SeverityCounts): RiskSeverity | 'pending' {
  return [...RISK_SEVERITIES].reverse().find((s) => counts[s] > 0) ?? 'pending'
}

/** SPEC §3 Risk, with the detail labels as fields. */
export const Risk = z.object({
  id: z.number().int(),
  hostgroup_id: z.number().int(),
  hostgroup_alias: z.string(),
  /** null when the scanned host matched no host of the environment */
  host_id: z.number().int().nullable(),
  /** the matched host's name, else the name the report gives */
  host_name: z.string(),
  plugin_id: z.string(),
  plugin_name: z.string(),
  severity: RiskSeverity,
  /** SPEC §4 RISK number of `severity` */
  severity_id: z.number().int().min(0).max(4),
  risk_factor: z.string(),
  synopsis: z.string(),
  /** SPEC §3 "plugin description" */
  description: z.string(),
  /** SPEC §3 "solution" / "proposed solution" */
  solution: z.string(),
  solution_type: SolutionType.nullable(),
  plugin_output: z.string(),
  cvss: z.number().nullable(),
  cve: z.array(z.string()),
  cwe: z.array(z.string()),
  external_references: z.array(z.string()),
  /** 0 for a finding about the host as a whole */
  port: z.number().int(),
  protocol: z.string(),
  affected_software: z.string(),
  detection_method: z.string(),
  /** the scanner: nessus or openvas */
  source: z.string(),
  /** unix seconds: first import that found it, last import that found it, and when the scanner saw it */
  first_detected: z.number().int(),
  last_scan: z.number().int(),
  date_verified: z.number().int().nullable(),
  first_scan_id: z.number().int(),
  last_scan_id: z.number().int(),
  /** SPEC §3 tickets: ticket ids, the last is current */
  tickets: z.array(z.string()),
  /** create_ticket and view_ticket where the caller has them: tickets are the one action on a risk */
  allowed_actions: z.array(z.string()),
  /** SPEC §6 ticket-allowed flag: create_ticket, and a host to open the ticket on (SPEC §8 "no host info found") */
  ticket_allowed: z.boolean(),
})
export type Risk = z.infer<typeof Risk>

const idList = (name: string) =>
  z
    .string()
    .max(20000)
    .regex(/^\s*\d{1,12}\s*(,\s*\d{1,12}\s*)*$/, `${name}: comma-separated ids`)
    .transform((s) => s.split(',').map((p) => Number(p.trim())))

/** The filters of `GET risks` besides the list protocol's own (comma lists). */
export const RiskFilterQuery = z.object({
  hostgroup_id: idList('hostgroup_id').optional(),
  host_id: idList('host_id').optional(),
  severity: z
    .string()
    .max(200)
    .transform((s, ctx) => {
      const out: number[] = []
      for (const p of s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        const n = /^[0-4]$/.test(p) ? Number(p) : RISK[p as RiskSeverity]
        if (n === undefined) {
          ctx.addIssue({ code: 'custom', message: `severity: "${p.slice(0, 20)}" is none of ${RISK_SEVERITIES.join(', ')} or 0–4` })
          return z.NEVER
        }
        out.push(n)
      }
      return out
    })
    .optional(),
})

export const RiskIdParams = z.object({ id: z.coerce.number().int().positive() })
export const RiskGroupParams = z.object({ hostgroup_id: z.coerce.number().int().positive(), plugin_id: PluginId })

/** SPEC §7 risks/{hostgroup_id}/{plugin_id}: one plugin's findings in an environment. */
export const RiskGroup = z.object({
  hostgroup_id: z.number().int(),
  plugin_id: z.string(),
  plugin_name: z.string(),
  /** SPEC §4 risk group style: the highest severity with a nonzero count, pending when there are none */
  severity: z.union([RiskSeverity, z.literal('pending')]),
  severity_id: z.number().int().nullable(),
  counts: SeverityCounts,
  allowed_actions: z.array(z.string()),
  /** the group's risks (list protocol: limit, offset, order, columns) */
  result: z.array(Risk.partial()),
  totalresults: z.number().int(),
})
export type RiskGroup = z.infer<typeof RiskGroup>

/** GET risks/plugins: one environment's plugins, a page at a time (SPEC §2 /risks/{hostgroup_name}). */
export const RiskPluginQuery = z.object({
  hostgroup_id: z.coerce.number().int().positive(),
  limit: z.coerce.number().int().min(0).max(LIST_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1e9).optional(),
})

/** A risk group without its risks: what the per-environment screen lists, worst first, then by plugin name. */
export const RiskPlugin = RiskGroup.pick({
  hostgroup_id: true,
  plugin_id: true,
  plugin_name: true,
  severity: true,
  severity_id: true,
  counts: true,
}).extend({ total: z.number().int() })
export type RiskPlugin = z.infer<typeof RiskPlugin>
export const RiskPluginList = z.object({ result: z.array(RiskPlugin), totalresults: z.number().int() })

export const RiskScanQuery = z.object({
  hostgroup_id: z.coerce.number().int().positive(),
  /** the uploaded file's name, for the record */
  file_name: z.string().trim().max(255).optional(),
})

/** An imported scan and what it did. */
export const RiskScan = z.object({
  id: z.number().int(),
  hostgroup_id: z.number().int(),
  format: z.enum(RISK_SCAN_FORMATS),
  file_name: z.string(),
  /** the report's own name */
  report_name: z.string(),
  /** when the scanner ran, as the report says */
  scanned_at: z.number().int().nullable(),
  imported_at: z.number().int(),
  username: z.string(),
  /** findings in the file */
  findings: z.number().int(),
  /** new risks */
  imported: z.number().int(),
  /** risks found again (their last_scan moved) */
  updated: z.number().int(),
  /** report host names that matched no host of the environment (their risks have host_id null) */
  unmatched_hosts: z.array(z.string()),
})
export type RiskScan = z.infer<typeof RiskScan>
