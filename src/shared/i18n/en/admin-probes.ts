/** Issue 20: the probes screen (admin.probes), loaded with the administration texts. */
export const adminProbes = {
  intro:
    'A probe runs the checks of its environments inside a customer network and reports to this server. Start it there with npm run probe, this server’s URL and the probe’s token.',
  create: 'Create probe',
  name: 'Name',
  environments: 'Environments',
  version: 'Version',
  lastContact: 'Last contact',
  lag: 'Lag',
  load: 'Load',
  status: 'Status',
  live: 'Reporting',
  silent: 'Not reporting',
  never: 'never',
  lagSeconds: '{{count}} s',
  assign: 'Assign',
  save: 'Save',
  cancel: 'Cancel',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke probe {{name}}? It is disconnected at once and its environments are checked by this server again.',
  none: 'No probes yet.',
  shownOnce: 'Copy the probe token now (VIGIL_PROBE_TOKEN): it is shown only once.',
}
