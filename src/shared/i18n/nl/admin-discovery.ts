/** Dutch texts of network discovery (the keys of ../en/admin-discovery.ts). */
import type { adminDiscovery as en } from '../en/admin-discovery'

export const adminDiscovery: typeof en = {
  title: 'Een netwerk verkennen in {{organization}}',
  intro:
    'Vigil doorzoekt het bereik (ping, de TCP-poorten hieronder, SNMP als een community is opgegeven) binnen de toegestane netwerken van deze organisatie, hoogstens {{maximum}} adressen, en stelt de hosts voor die antwoordden.',
  back: 'Terug naar de hosts',
  form: {
    title: 'Een bereik doorzoeken',
    environment: 'Omgeving',
    cidr: 'Bereik (CIDR)',
    cidrHint: 'bijv. 192.168.1.0/24 of één adres',
    ports: 'TCP-poorten (gescheiden door komma’s)',
    community: 'SNMP-community (optioneel, wordt nooit meer getoond)',
    start: 'Verkenning starten',
    badPorts: 'Poorten zijn getallen van 1 tot 65535, gescheiden door komma’s.',
  },
  progress: {
    label: 'Voortgang van de verkenning',
    running: '{{done}} van {{total}} adressen van {{cidr}} doorzocht, tot nu toe {{found}} gevonden…',
    done: '{{total}} adressen van {{cidr}} doorzocht: {{found}} antwoordden.',
    cancelled: 'Geannuleerd na {{done}} van {{total}} adressen van {{cidr}}: {{found}} antwoordden.',
    skipped: '{{count}} adressen liggen buiten de toegestane netwerken van deze organisatie en zijn niet doorzocht.',
    cancel: 'Annuleren',
    gone: 'Deze verkenning is niet meer bekend bij de server (verkenningen worden een uur bewaard).',
  },
  proposals: {
    title: 'Voorgestelde hosts',
    none: 'Geen enkel adres van het bereik antwoordde.',
    select: '{{address}} toevoegen',
    columns: {
      address: 'Adres',
      name: 'Naam',
      hosttype: 'Hosttype',
      parent: 'Bovenliggende host',
      seen: 'Antwoordde',
      result: 'Resultaat',
    },
    nameOf: 'Naam van {{address}}',
    typeOf: 'Hosttype van {{address}}',
    parentOf: 'Bovenliggende host van {{address}}',
    noParent: '(geen)',
    ping: 'ping',
    ports: 'poorten {{ports}}',
    basis: { snmp: 'type uit SNMP', ports: 'type uit open poorten', ping: 'antwoordde alleen op ping' },
    existing: 'Al bewaakt als {{name}}',
    environment: 'Toevoegen aan omgeving',
    add: 'Gekozen hosts toevoegen',
    added: 'Toegevoegd',
    summary: '{{added}} van {{count}} hosts toegevoegd.',
  },
}
