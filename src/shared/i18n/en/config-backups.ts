/** English texts of the configuration backups (SPEC §2 …/Config Backups/configs); they load with the configs tab. */
export const configBackups = {
  title: 'Configuration backups',
  empty: 'No configuration has been backed up yet.',
  lastRun: 'Last backup run: {{output}}',
  versions: 'Versions',
  columns: {
    version: 'Version',
    created: 'First read',
    checked: 'Last read unchanged',
    lines: 'Lines',
    size: 'Size',
  },
  bytes: '{{count}} bytes',
  view: 'View version {{version}}',
  compareWithPrevious: 'Compare version {{version}} with version {{previous}}',
  changes: 'Changes',
  compareWith: 'Compare with',
  noComparison: 'No comparison (whole text)',
  versionOption: 'Version {{version}}',
  showing: 'Version {{version}}, first read {{time}}',
  comparing: 'Version {{from}} → version {{to}}: {{added}} lines added, {{removed}} removed',
  identical: 'Versions {{from}} and {{to}} are identical.',
  noRight:
    'You may see this configuration’s versions but not its text: it holds the device’s secrets, which only users who may change hosts read.',
  download: 'Download',
  configuration: 'Configuration of {{host}}, version {{version}}',
  diff: 'Changes from version {{from}} to version {{to}}',
}
