/** SPEC §2 report addresses: /reports/{hostgroupname}/{name}[/configuration[/edit|/timeline]]. */
export type ReportView = 'report' | 'configuration' | 'edit' | 'timeline'

const TAIL: Record<ReportView, string> = {
  report: '',
  configuration: '/configuration',
  edit: '/configuration/edit',
  timeline: '/configuration/timeline',
}

export const reportPath = (r: { hostgroup_name: string; name: string }, view: ReportView = 'report') =>
  `/reports/${encodeURIComponent(r.hostgroup_name)}/${encodeURIComponent(r.name)}${TAIL[view]}`
