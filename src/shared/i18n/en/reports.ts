/** English texts of reports (SPEC §2 Reports). */
export const reports = {
  screens: {
    reports: 'Reports',
    report: 'Report',
    configuration: 'Report configuration',
    timeline: 'Report timeline',
    uptimeSummary: 'Uptime summary',
    stateSummary: 'State summary',
    stabilitySummary: 'Stability summary',
    standbySummary: 'Standby summary',
    riskSummary: 'Risk summary',
    graphs: 'Report graphs',
  },
}
