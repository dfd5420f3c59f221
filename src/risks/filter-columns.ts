/**
 * The filter panel's columns of the risks list (SPEC §2 per-section custom filters, location `risks`): names as
 * free text, severity as a SPEC §4 RISK number picked by name, environment and solution type as pickers, the
 * scans as dates; each one the risks list allows (src/server/store/risks.ts).
 */
import { RISK_SEVERITIES, SOLUTION_TYPES } from '../shared/api/risks'
import { RISK } from '../shared/enums'
import type { FilterColumn } from '../ui'

type Translate = (key: string) => string

export function riskFilterColumns(t: Translate, environments: readonly string[]): FilterColumn[] {
  const named = [...new Set(environments)].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: value }))
  return [
    { key: 'host_name', label: t('risks.columns.host'), kind: 'text' },
    { key: 'plugin_name', label: t('risks.columns.plugin'), kind: 'text' },
    {
      key: 'severity',
      label: t('risks.columns.severity'),
      kind: 'integer',
      options: RISK_SEVERITIES.map((s) => ({ value: String(RISK[s]), label: t(`risks.severities.${s}`) })),
    },
    { key: 'hostgroup_alias', label: t('risks.columns.environment'), kind: 'enum', options: named },
    { key: 'cve', label: t('risks.columns.cve'), kind: 'text' },
    { key: 'port', label: t('risks.columns.port'), kind: 'integer' },
    {
      key: 'solution_type',
      label: t('risks.columns.solutionType'),
      kind: 'enum',
      options: SOLUTION_TYPES.map((s) => ({ value: s, label: t(`risks.solutionTypes.${s}`) })),
    },
    { key: 'first_detected', label: t('risks.columns.firstDetected'), kind: 'date' },
    { key: 'last_scan', label: t('risks.columns.lastScan'), kind: 'date' },
  ]
}
