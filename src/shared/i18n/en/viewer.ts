/** English texts of the map viewer, fullscreen and map timeline (issue 7; SPEC §2 Maps routes, §4 MAP). */
export const mapsViewer = {
  viewer: {
    canvas: 'Map {{alias}}',
    notPublished: 'This map has not been published yet.',
    empty: 'This map has no items.',
    live: 'Live',
    lastConfirmed: 'Last confirmed {{time}}',
    reconnecting: 'Reconnecting…',
    /** SPEC §4 MAP state names, by MAP value. */
    state: { 0: 'up', 1: 'down', 2: 'unreachable', 3: 'warning', 4: 'pending', 5: 'no data' },
    mapState: 'Map state: {{state}}',
    counts: '{{up}} up, {{problems}} with problems, {{other}} without data',
    problems: 'Items with problems',
    allUp: 'All items are up.',
    more: '… and {{count}} more',
    itemState: '{{name}}: {{state}}',
    changed: '{{name}} is now {{state}}',
    recursion: 'nested too deep or in a cycle',
    decorations: { maintenance: 'in maintenance', stale: 'stale', flapping: 'flapping', acknowledged: 'acknowledged', ticket: 'with ticket' },
    toolbar: { label: 'Map', edit: 'Edit', timeline: 'Timeline', fullscreen: 'Fullscreen', exitFullscreen: 'Exit fullscreen', fit: 'Fit to screen', view: 'View' },
    popover: {
      close: 'Close',
      state: 'State',
      output: 'Output',
      age: 'Age',
      lastCheck: 'Last check',
      open: 'Open',
      openMap: 'Open map',
      links: { status: 'Status', resources: 'Resources', timeline: 'Timeline', graphs: 'Graphs', assets: 'Assets' },
    },
    timeline: { title: 'Timeline of {{alias}}', back: 'Back to the map' },
  },
}
