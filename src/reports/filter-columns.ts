/**
 * The filter panel's columns of the reports list (SPEC §2 per-section custom filters, location `reports`; SPEC §3
 * filter value kinds "report type, report period, report window, report content"): the title as free text, the
 * enumerations and the content items as pickers (SPEC §4: equals by default for report fields), the last change as
 * a date; each one the reports list allows (src/server/store/reports.ts).
 */
import { REPORT_CONTENT_NAMES, REPORT_PERIODS, REPORT_TYPES, REPORT_WINDOWS } from '../shared/api/report-configurations'
import type { FilterColumn } from '../ui'

type Translate = (key: string) => string

export function reportFilterColumns(t: Translate, environments: readonly string[]): FilterColumn[] {
  const named = [...new Set(environments)].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: value }))
  const pick = (values: readonly string[], prefix: string) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }))
  return [
    { key: 'title', label: t('reports.columns.title'), kind: 'text' },
    { key: 'hostgroup_alias', label: t('reports.columns.environment'), kind: 'enum', options: named },
    { key: 'period', label: t('reports.columns.period'), kind: 'enum', options: pick(REPORT_PERIODS, 'reports.periods') },
    { key: 'window', label: t('reports.columns.window'), kind: 'enum', options: pick(REPORT_WINDOWS, 'reports.windows') },
    { key: 'type', label: t('reports.columns.type'), kind: 'enum', options: pick(REPORT_TYPES, 'reports.types') },
    { key: 'content', label: t('reports.columns.content'), kind: 'enum', options: pick(REPORT_CONTENT_NAMES, 'reports.content') },
    { key: 'updated_time', label: t('reports.columns.updated'), kind: 'date' },
  ]
}
