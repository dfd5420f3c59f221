/** English texts of administration (SPEC §2 Admin). */
export const admin = {
  screens: {
    overview: 'Administration',
    hosts: 'Host management',
    environments: 'Environments',
    users: 'Users',
    timeline: 'Organization timeline',
    userTimeline: 'User timeline',
    thresholds: 'Threshold settings',
    services: 'Service settings',
    agent: 'Agent settings',
    risks: 'Risk settings',
    labels: 'Label settings',
  },
}
