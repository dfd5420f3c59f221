/**
 * Reports (SPEC §1 "View reports", §2 Reports routes, §3 Report, §5 Reports, §8 report keys, §9 report
 * constants). A report is a configuration kept per environment; its figures are computed on read from the
 * event history. Paths, all under /api/v1 and scoped to what the caller may see:
 *
 *   GET    reports                              list (SPEC §7 list protocol) → listOf(Report)
 *   POST   reports                              NewReport → Report                      SPEC §6 write on the environment
 *   GET    reports/by-name/:hostgroup_name/:name → Report (SPEC §2 routes address a report by environment and name)
 *   GET    reports/:id                          → Report
 *   PUT    reports/:id                          ReportUpdate → Report                   SPEC §6 write
 *   DELETE reports/:id                          → 204                                   SPEC §6 write
 *   GET    reports/:id/figures?range=           → ReportFigures (SPEC §9 report and report-content presets, ReportRange)
 *   GET    reports/:id/graphs?range=            → ReportGraphs (SPEC §3 resource-performance-breakdown)
 *
 * The report timeline (SPEC §2 …/configuration/timeline) is `GET events?report_id=` (events of type `report`).
 * (The browser's own error reports are another thing: shared/api/reports.ts.)
 */
import { z } from 'zod'
import { nameWithKey } from '../validation'
import { SeverityCounts } from './risks'
import { PerfKey, PerfSeries } from './results'

/** SPEC §9 "Report enumerations": periods. */
export const REPORT_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const
export const ReportPeriod = z.enum(REPORT_PERIODS)
export type ReportPeriod = z.infer<typeof ReportPeriod>

/** SPEC §9 windows: 24/7 or service hours (Vigil's reading of service hours: shared/report-figures/period.ts). */
export const REPORT_WINDOWS = ['24x7', 'service_hours'] as const
export const ReportWindow = z.enum(REPORT_WINDOWS)
export type ReportWindow = z.infer<typeof ReportWindow>

/** SPEC §3 scope (SPEC §9 "types"): by host, by resource, by host type. */
export const REPORT_TYPES = ['by_host', 'by_resource', 'by_host_type'] as const
export const ReportType = z.enum(REPORT_TYPES)
export type ReportType = z.infer<typeof ReportType>

/** SPEC §3 content catalogue: what each content applies to, its order and its aspect. */
export const REPORT_CONTENT = {
  'uptime-summary': { host: true, resource: false, order: 1, aspect: 'availability' },
  'state-summary': { host: true, resource: false, order: 2, aspect: 'availability' },
  'resource-performance-breakdown': { host: true, resource: true, order: 3, aspect: 'capacity' },
  'stability-summary': { host: true, resource: true, order: 7, aspect: 'availability' },
  'standby-summary': { host: true, resource: true, order: 8, aspect: 'HIDE' },
  'risk-summary': { host: true, resource: false, order: 9, aspect: 'HIDE' },
} as const
export type ReportContentName = keyof typeof REPORT_CONTENT
export const REPORT_CONTENT_NAMES = Object.keys(REPORT_CONTENT) as ReportContentName[]
export const ReportContentName = z.enum(REPORT_CONTENT_NAMES as [ReportContentName, ...ReportContentName[]])

/** Content items a report of this type may hold (SPEC §3 "Applies to"; by host type reports on hosts). */
export const contentFits = (content: ReportContentName, type: ReportType) =>
  REPORT_CONTENT[content][type === 'by_resource' ? 'resource' : 'host']

/** The state an UNKNOWN resource counts as (SPEC §3 option "unknown state treated as"). */
export const UNKNOWN_AS = ['unknown', 'ok', 'warning', 'critical'] as const

/** SPEC §3 Report options. */
export const ReportOptions = z.object({
  /** only subjects whose figures differ from the previous period are shown */
  deviation_only: z.boolean().default(false),
  /** time in maintenance counts as scheduled downtime, not as the state the subject had */
  scheduled_outages_as_downtime: z.boolean().default(false),
  unknown_as: z.enum(UNKNOWN_AS).default('unknown'),
  /** SOFT state changes count too; otherwise only HARD ones move the state (SPEC §4) */
  include_soft_states: z.boolean().default(false),
  include_index_page: z.boolean().default(false),
  group_hosts_by_type: z.boolean().default(false),
})
export type ReportOptions = z.infer<typeof ReportOptions>

const ReportTitle = nameWithKey('report_alias_invalid')
const Ids = z.array(z.number().int().positive()).max(1000)

/**
 * POST reports. `hosts`, `resources` and `host_types` pick the subjects of the type; an empty list means every
 * host (resource) of the environment. SPEC §5: at least one content item.
 */
export const NewReport = z.object({
  title: ReportTitle,
  /** The URL name; defaults to the title. SPEC §5 name rule, unique per environment. */
  name: ReportTitle.optional(),
  hostgroup_id: z.number().int().positive(),
  period: ReportPeriod,
  window: ReportWindow.default('24x7'),
  type: ReportType,
  hosts: Ids.default([]),
  resources: Ids.default([]),
  host_types: z.array(z.string().max(100)).max(200).default([]),
  content: z.array(ReportContentName).min(1, 'at least one content item').max(REPORT_CONTENT_NAMES.length),
  options: ReportOptions.default(ReportOptions.parse({})),
})
export type NewReport = z.infer<typeof NewReport>
export const ReportUpdate = NewReport.omit({ hostgroup_id: true }).partial()
export type ReportUpdate = z.infer<typeof ReportUpdate>

export const Report = z.object({
  id: z.number().int(),
  title: z.string(),
  name: z.string(),
  hostgroup_id: z.number().int(),
  hostgroup_name: z.string(),
  hostgroup_alias: z.string(),
  period: ReportPeriod,
  window: ReportWindow,
  type: ReportType,
  hosts: z.array(z.number().int()),
  resources: z.array(z.number().int()),
  host_types: z.array(z.string()),
  content: z.array(ReportContentName),
  options: ReportOptions,
  allowed_actions: z.array(z.string()),
  created_time: z.number().int(),
  updated_time: z.number().int(),
})
export type Report = z.infer<typeof Report>

export const ReportByName = z.object({ hostgroup_name: z.string().min(1).max(255), name: z.string().min(1).max(255) })

/** SPEC §9 report presets: this period of the report so far, or the last whole one. */
export const REPORT_PRESETS = ['this', 'last'] as const
/** SPEC §9 report-content presets: the last whole calendar day, week, month, quarter or year, whatever the report's period. */
export const REPORT_CONTENT_PRESETS = ['yesterday', 'last_week', 'last_month', 'last_quarter', 'last_year'] as const
export type ReportContentPreset = (typeof REPORT_CONTENT_PRESETS)[number]
/** What a report is looked at over (`?range=` of the figures, the graphs and the report page). */
export const ReportRange = z.enum([...REPORT_PRESETS, ...REPORT_CONTENT_PRESETS])
export type ReportRange = z.infer<typeof ReportRange>
export const FiguresQuery = z.object({ range: ReportRange.default('this') })

/** SPEC §9 report trend arrow. */
export const Trend = z.object({
  /** the change as SPEC §9 computes it, rounded to 3 places; null when there is nothing to compare with */
  value: z.number().nullable(),
  level: z.enum(['none', 'light', 'high']),
  direction: z.enum(['up', 'down', 'none']),
})
export type Trend = z.infer<typeof Trend>

/** Seconds per state within the window, plus what is not known (before the first check) and scheduled downtime. */
export const StateSeconds = z.record(z.string(), z.number())
export const PeriodFigures = z.object({
  /** seconds of the window in the period */
  total: z.number(),
  seconds: StateSeconds,
  /** state changes within the window (SPEC §3 stability summary) */
  changes: z.number().int(),
  /** of those, the changes into a problem state (SPEC §4: neither UP nor OK) */
  problems: z.number().int(),
})
export type PeriodFigures = z.infer<typeof PeriodFigures>

/**
 * SPEC §3 standby-summary: what happened outside service hours, when only an engineer on standby answers.
 * `on_standby`: the host (a resource's host) carries the SPEC §3 host option "standby".
 */
export const StandbyFigures = z.object({
  on_standby: z.boolean(),
  current: PeriodFigures,
  previous: PeriodFigures,
  /** problems in standby hours against the period before, relative mode like stability (SPEC §9) */
  problems_trend: Trend,
})
export type StandbyFigures = z.infer<typeof StandbyFigures>

/** SPEC §3 risk-summary (vulnerability scan results): a host's risks by SPEC §3 severity, and how many were first detected in the period. */
export const RiskFigures = z.object({ counts: SeverityCounts, total: z.number().int(), new_in_period: z.number().int() })
export type RiskFigures = z.infer<typeof RiskFigures>

export const SubjectFigures = z.object({
  kind: z.enum(['host', 'resource']),
  id: z.number().int(),
  name: z.string(),
  host_name: z.string(),
  hosttype: z.string(),
  current: PeriodFigures,
  previous: PeriodFigures,
  /** uptime (UP or OK share of the window) in difference mode, stability in relative mode (SPEC §9) */
  uptime_trend: Trend,
  stability_trend: Trend,
  /** with the standby summary: the same figures over the standby hours (report-figures/period.ts standbyIntervals) */
  standby: StandbyFigures.nullable(),
  /** with the risk summary, for a host: its risks (SPEC §3 Risk) known by the period's end */
  risks: RiskFigures.nullable(),
})
export type SubjectFigures = z.infer<typeof SubjectFigures>

export const ReportFigures = z.object({
  report_id: z.number().int(),
  range: ReportRange,
  from: z.number().int(),
  to: z.number().int(),
  previous_from: z.number().int(),
  previous_to: z.number().int(),
  subjects: z.array(SubjectFigures),
  /** more subjects than one report adds up (store/report-figures.ts REPORT_SUBJECTS_MAX): the first ones by name */
  limited: z.boolean(),
})
export type ReportFigures = z.infer<typeof ReportFigures>

/** SPEC §3 resource-performance-breakdown: one chart, the series of one unit of one host check or resource over the period. */
export const ReportGraph = z.object({
  /** whose performance data: a host's own check, or a resource */
  kind: z.enum(['host', 'resource']),
  id: z.number().int(),
  host_name: z.string(),
  /** the resource's name; null for the host's own check */
  resource_name: z.string().nullable(),
  unit: z.string(),
  /** seconds per point, the widest of the series */
  step: z.number(),
  series: z.array(PerfKey.omit({ unit: true }).extend({ points: PerfSeries.shape.points, summary: PerfSeries.shape.summary })),
})
export type ReportGraph = z.infer<typeof ReportGraph>

export const ReportGraphs = z.object({
  report_id: z.number().int(),
  range: ReportRange,
  from: z.number().int(),
  to: z.number().int(),
  graphs: z.array(ReportGraph),
  /** more series than one report draws (store/report-graphs.ts REPORT_SERIES_MAX): the first ones by host and resource name */
  limited: z.boolean(),
})
export type ReportGraphs = z.infer<typeof ReportGraphs>
