/** Dutch texts of the probes screen (the keys of ../en/admin-probes.ts). */
import type { adminProbes as en } from '../en/admin-probes'

export const adminProbes: typeof en = {
  intro:
    'Een probe voert de controles van zijn omgevingen uit binnen het netwerk van een klant en meldt de resultaten aan deze server. Start hem daar met npm run probe, de URL van deze server en het token van de probe.',
  create: 'Probe aanmaken',
  name: 'Naam',
  environments: 'Omgevingen',
  version: 'Versie',
  lastContact: 'Laatste contact',
  lag: 'Achterstand',
  load: 'Belasting',
  status: 'Status',
  live: 'Meldt zich',
  silent: 'Meldt zich niet',
  never: 'nooit',
  lagSeconds: '{{count}} s',
  assign: 'Toewijzen',
  save: 'Opslaan',
  cancel: 'Annuleren',
  revoke: 'Intrekken',
  revokeConfirm: 'Probe {{name}} intrekken? De verbinding wordt meteen verbroken en deze server controleert zijn omgevingen weer zelf.',
  none: 'Nog geen probes.',
  shownOnce: 'Kopieer het token van de probe nu (VIGIL_PROBE_TOKEN): het wordt maar één keer getoond.',
}
