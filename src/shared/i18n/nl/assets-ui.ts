/** Dutch texts of the asset screens (the keys of ../en/assets-ui.ts). */
import type { assetsUi as en } from '../en/assets-ui'

export const assetsUi: typeof en = {
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
