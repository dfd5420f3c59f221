/** Dutch texts of reports (the keys of ../en/reports.ts). */
import type { reports as en } from '../en/reports'

export const reports: typeof en = {
  screens: {
    reports: 'Rapporten',
    report: 'Rapport',
    configuration: 'Rapportinstellingen',
    timeline: 'Tijdlijn van het rapport',
    uptimeSummary: 'Overzicht beschikbaarheid',
    stateSummary: 'Overzicht toestanden',
    stabilitySummary: 'Overzicht stabiliteit',
    standbySummary: 'Overzicht stand-by',
    riskSummary: 'Overzicht risico’s',
    graphs: 'Grafieken van het rapport',
  },
}
