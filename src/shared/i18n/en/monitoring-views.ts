/** Issue 17: the problems view's controls, extra tags, the status tab's fields, graph legends. */
export const monitoringViews = {
  emptyTab: 'Nothing of this kind matched; the other tabs have results.',
  savedFilter: 'Saved filter: {{name}}',
  affected: 'affected',
  problemViews: 'Problem views',
  all: 'All problems',
  unhandled: 'Unhandled',
  groupBy: 'Group by',
  groupings: {
    none: 'No grouping',
    type: 'Type',
    state: 'State',
    hostgroup_alias: 'Environment',
    hosttype: 'Host type',
  },
}
