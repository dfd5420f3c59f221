/** Dutch texts of assets (the keys of ../en/assets.ts). */
import type { assets as en } from '../en/assets'

export const assets: typeof en = {
  screens: {
    hosts: 'Hosts in de inventaris',
    software: 'Software',
    softwareDetail: 'Details van de software',
    hostDetail: 'Inventarisdetails van de host',
  },
}
