/** English texts of assets (SPEC §2 Assets). */
export const assets = {
  screens: {
    hosts: 'Host assets',
    software: 'Software',
    softwareDetail: 'Software detail',
    hostDetail: 'Host asset detail',
  },
}
