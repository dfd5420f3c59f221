/** Dutch texts of the dashboard (the keys of ../en/dashboard.ts). */
import type { dashboard as en } from '../en/dashboard'

export const dashboard: typeof en = {
  screens: {
    dashboard: 'Dashboard',
  },
  page: {
    environments: 'Omgevingen: {{names}}.',
    allEnvironments: 'Al uw omgevingen.',
    empty: 'Uw dashboard heeft geen widgets. Voeg er een toe met “Widget toevoegen”.',
    loading: 'Het dashboard laden…',
    widgets: 'Widgets op het dashboard',
    addLabel: 'Toe te voegen widget',
    add: 'Widget toevoegen',
    full: 'Een dashboard bevat hoogstens {{max}} widgets.',
    reset: 'De standaardindeling gebruiken',
    saveDefault: 'Opslaan als standaard van de organisatie',
    defaultSaved: 'Opgeslagen als standaard van {{organization}}.',
    source: {
      user: 'Uw eigen indeling.',
      organization: 'De standaardindeling van uw organisatie.',
      builtin: 'De vaste standaardindeling.',
    },
  },
  widget: {
    kinds: {
      totals: 'Totalen per toestand',
      problems: 'Nieuwste onbehandelde problemen',
      maps: 'Kaarten in alarm',
      timeline: 'Laatste uur',
      graph: 'Grafiek',
    },
    size: 'Grootte van {{title}}',
    sizes: { small: 'Klein', medium: 'Middel', large: 'Groot' },
    earlier: '{{title}} naar voren verplaatsen',
    later: '{{title}} naar achteren verplaatsen',
    remove: '{{title}} verwijderen',
    drag: '{{title}} naar een andere plek slepen',
    loading: 'Laden…',
    failed: 'Deze widget kon niet worden geladen.',
  },
  totals: {
    hosts: 'Hosts',
    resources: 'Bronnen',
    total: 'Totaal: {{count}}',
  },
  problems: {
    none: 'Geen onbehandelde problemen.',
    more: '{{shown}} van {{total}} onbehandelde problemen',
    all: 'Alle onbehandelde problemen',
  },
  maps: {
    none: 'Geen kaarten in alarm.',
    thumbnail: 'Kaart {{name}}',
  },
  timeline: {
    title: 'Gebeurtenissen van het laatste uur',
  },
  graph: {
    unavailable: 'Deze grafiek is niet beschikbaar: de bron bestaat niet meer of is niet meer zichtbaar voor u.',
    title: '{{host}} › {{resource}}',
    noKeys: 'Deze bron heeft nog geen prestatiegegevens.',
    noPoints: 'Geen gegevens in het afgelopen etmaal.',
    label: '{{key}} over het afgelopen etmaal, {{points}} punten',
    readout: '{{time}}: {{value}}',
  },
  pin: {
    pin: 'Vastzetten op het dashboard',
    pinned: 'Vastgezet op het dashboard',
  },
}
