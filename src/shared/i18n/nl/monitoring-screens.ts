/** Dutch names of the monitoring screens (the keys of ../en/monitoring-screens.ts). */
import type { monitoringScreens as en } from '../en/monitoring-screens'

export const monitoringScreens: typeof en = {
  problems: 'Problemen',
  hosts: 'Hosts',
  hostResources: 'Bronnen van de host',
  hostStatus: 'Status van de host',
  hostTimeline: 'Tijdlijn van de host',
  hostGraphs: 'Grafieken van de host',
  hostRisks: 'Risico’s van de host',
  resources: 'Bronnen',
  resourceStatus: 'Status van de bron',
  resourceTimeline: 'Tijdlijn van de bron',
  resourceGraphs: 'Grafieken van de bron',
  resourceConfigs: 'Configuratieback-ups',
  timeline: 'Tijdlijn',
  ticket: 'Ticket',
}
