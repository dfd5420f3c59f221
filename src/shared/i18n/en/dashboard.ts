/** English texts of the dashboard (SPEC §2 Dashboard, issue 19). */
export const dashboard = {
  screens: {
    dashboard: 'Dashboard',
  },
  page: {
    environments: 'Environments: {{names}}.',
    allEnvironments: 'All your environments.',
    empty: 'Your dashboard has no widgets. Add one with “Add widget”.',
    loading: 'Loading the dashboard…',
    widgets: 'Widgets',
    addLabel: 'Widget to add',
    add: 'Add widget',
    full: 'A dashboard holds at most {{max}} widgets.',
    reset: 'Use the default layout',
    saveDefault: 'Save as organization default',
    defaultSaved: 'Saved as the default of {{organization}}.',
    source: {
      user: 'Your own layout.',
      organization: 'The default layout of your organization.',
      builtin: 'The standard layout.',
    },
  },
  widget: {
    kinds: {
      totals: 'State totals',
      problems: 'Newest unhandled problems',
      maps: 'Maps in alarm',
      timeline: 'Last hour',
      graph: 'Graph',
    },
    size: 'Size of {{title}}',
    sizes: { small: 'Small', medium: 'Medium', large: 'Large' },
    earlier: 'Move {{title}} earlier',
    later: 'Move {{title}} later',
    remove: 'Remove {{title}}',
    drag: 'Drag {{title}} to another place',
    loading: 'Loading…',
    failed: 'Could not load this widget.',
  },
  totals: {
    hosts: 'Hosts',
    resources: 'Resources',
    total: 'Total: {{count}}',
  },
  problems: {
    none: 'No unhandled problems.',
    more: '{{shown}} of {{total}} unhandled problems',
    all: 'All unhandled problems',
  },
  maps: {
    none: 'No maps in alarm.',
    thumbnail: 'Map {{name}}',
  },
  timeline: {
    title: 'Events of the last hour',
  },
  graph: {
    unavailable: 'This graph is unavailable: the resource is gone or no longer visible to you.',
    title: '{{host}} › {{resource}}',
    noKeys: 'This resource has no performance data yet.',
    noPoints: 'No data in the last day.',
    label: '{{key}} over the last day, {{points}} points',
    readout: '{{time}}: {{value}}',
  },
  pin: {
    pin: 'Pin to dashboard',
    pinned: 'Pinned to dashboard',
  },
}
