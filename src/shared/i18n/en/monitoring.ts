/** English texts of monitoring (SPEC §2 Monitoring). */
export const monitoring = {
  screens: {
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
  },
}
