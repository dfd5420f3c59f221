/** Names of the monitoring screens: route handles name them before the monitoring chunk loads. */
export const monitoringScreens = {
  problems: 'Problems',
  hosts: 'Hosts',
  hostResources: 'Host resources',
  hostStatus: 'Host status',
  hostTimeline: 'Host timeline',
  hostGraphs: 'Host graphs',
  hostRisks: 'Host risks',
  resources: 'Resources',
  resourceStatus: 'Resource status',
  resourceTimeline: 'Resource timeline',
  resourceGraphs: 'Resource graphs',
  resourceConfigs: 'Configuration backups',
  timeline: 'Timeline',
  ticket: 'Ticket',
}
