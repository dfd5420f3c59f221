/** Dutch texts of the configuration backups (the keys of ../en/config-backups.ts). */
import type { configBackups as en } from '../en/config-backups'

export const configBackups: typeof en = {
  title: 'Configuratieback-ups',
  empty: 'Er is nog geen configuratie geback-upt.',
  lastRun: 'Laatste back-uprun: {{output}}',
  versions: 'Versies',
  columns: {
    version: 'Versie',
    created: 'Eerst gelezen',
    checked: 'Laatst ongewijzigd gelezen',
    lines: 'Regels',
    size: 'Grootte',
  },
  bytes: '{{count}} bytes',
  view: 'Versie {{version}} bekijken',
  compareWithPrevious: 'Versie {{version}} vergelijken met versie {{previous}}',
  changes: 'Wijzigingen',
  compareWith: 'Vergelijken met',
  noComparison: 'Geen vergelijking (hele tekst)',
  versionOption: 'Versie {{version}}',
  showing: 'Versie {{version}}, eerst gelezen {{time}}',
  comparing: 'Versie {{from}} → versie {{to}}: {{added}} regels toegevoegd, {{removed}} verwijderd',
  identical: 'Versies {{from}} en {{to}} zijn gelijk.',
  noRight:
    'U mag de versies van deze configuratie zien, maar niet de tekst: die bevat de geheimen van het apparaat, die alleen gebruikers lezen die hosts mogen wijzigen.',
  download: 'Downloaden',
  configuration: 'Configuratie van {{host}}, versie {{version}}',
  diff: 'Wijzigingen van versie {{from}} naar versie {{to}}',
}
