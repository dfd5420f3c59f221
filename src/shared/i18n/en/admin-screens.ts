/** The administration screens' names: in the core catalogue, since the shell names a screen before it loads. */
export const adminScreens = {
  overview: 'Administration',
  hosts: 'Host management',
  discovery: 'Network discovery',
  hostImport: 'Import hosts',
  environments: 'Environments',
  users: 'Users',
  timeline: 'Organization timeline',
  userTimeline: 'User timeline',
  thresholds: 'Threshold settings',
  services: 'Service settings',
  agent: 'Agent settings',
  risks: 'Risk settings',
  labels: 'Label settings',
  limits: 'Limits',
  tickets: 'Ticket provider settings',
  clientReports: 'Browser reports',
}
