/** Dutch texts of the asset screens (the keys of ../en/assets-ui.ts). */
import type { assetsUi as en } from '../en/assets-ui'

export const assetsUi: typeof en = {
  hosts: {
    title: 'Hosts in de inventaris',
    empty:
      'Nog geen enkele host heeft inventarisgegevens gemeld. Een host heeft inventarisgegevens zodra zijn agent zijn pakketten heeft gemeld.',
    columns: { host: 'Host', hosttype: 'Hosttype', environment: 'Omgeving', ip: 'IP-adres' },
  },
  host: {
    back: 'Alle hosts in de inventaris',
    sections: 'Onderdelen van de inventaris',
    noData: '{{host}} heeft geen inventarisgegevens: zijn agent heeft geen inventaris gemeld.',
    packages: {
      title: 'Pakketten',
      columns: { name: 'Pakket', version: 'Versie', vendor: 'Leverancier', arch: 'Architectuur', reported: 'Gemeld' },
    },
  },
  software: {
    title: 'Software',
    environmentFiltered: 'Alleen de hosts van uw omgevingsfilter worden geteld.',
    empty:
      'Nog geen enkele host heeft zijn software gemeld. Een agent of script stuurt de pakketten van een host met PUT hosts/{id}/software.',
    columns: {
      hosttype: 'Hosttype',
      package: 'Pakket',
      hosts: 'Hosts',
      versions: 'Versies',
    },
    version: '{{version}} ({{count}})',
    noVersion: '(geen versie)',
    open: 'Versies van {{package}} op hosts van type {{hosttype}}',
  },
  detail: {
    title: '{{package}} op hosts van type {{hosttype}}',
    back: 'Alle software',
    columns: { version: 'Versie', hosts: 'Hosts' },
  },
}
