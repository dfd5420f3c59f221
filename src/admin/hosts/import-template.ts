/** The example file the CSV import screen offers (issue 15): every column, a few host types, a parent named by an earlier row. */
import { downloadBlob, toCsv, type CsvColumn } from '../../ui'
import { HOST_IMPORT_COLUMNS, type HostImportColumn } from '../../shared/api/host-import'

type Example = Partial<Record<HostImportColumn, string>>

const EXAMPLES: Example[] = [
  { name: 'core-switch', hosttype: 'switch', ip_address: '192.0.2.1', description: 'Core switch, rack 1', tags: 'parent' },
  {
    name: 'web01',
    alias: 'Web server 1',
    fqdn: 'web01.example.com',
    ip_address: '192.0.2.10',
    hosttype: 'linux',
    tags: 'https;smtp',
    parents: 'core-switch',
    max_check_attempts: '5',
  },
  { name: 'dc01', ip_address: '192.0.2.20', hosttype: 'windows', windows_roles: 'active_directory;dns', parents: 'core-switch' },
  { name: 'shop', fqdn: 'shop.example.com', hosttype: 'website', notifications_enabled: 'yes' },
  { name: 'printer-2nd-floor', ip_address: '192.0.2.30', hosttype: 'printer', access_method: 'snmp', notifications_enabled: 'no' },
]

const COLUMNS: CsvColumn<Example>[] = HOST_IMPORT_COLUMNS.map((c) => ({ header: c, value: (e) => e[c] ?? '' }))

export function downloadHostImportTemplate() {
  downloadBlob(new Blob([toCsv(COLUMNS, EXAMPLES)], { type: 'text/csv;charset=utf-8' }), 'vigil-hosts-example.csv')
}
