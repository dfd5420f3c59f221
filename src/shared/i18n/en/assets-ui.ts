/** English texts of the asset screens (SPEC §2 Assets); they load with the screens. */
export const assetsUi = {
  software: {
    title: 'Software',
    environmentFiltered: 'Only the hosts of your environment filter are counted.',
    empty: 'No host has reported its software yet. An agent or script sends a host’s packages with PUT hosts/{id}/software.',
    columns: {
      hosttype: 'Host type',
      package: 'Package',
      hosts: 'Hosts',
      versions: 'Versions',
    },
    version: '{{version}} ({{count}})',
    noVersion: '(no version)',
    open: 'Versions of {{package}} on {{hosttype}} hosts',
  },
  detail: {
    title: '{{package}} on {{hosttype}} hosts',
    back: 'All software',
    columns: { version: 'Version', hosts: 'Hosts' },
  },
}
