/** Dutch texts of src/ui that the shell itself shows (the keys of ../en/ui-core.ts). */
import type { uiCore as en } from '../en/ui-core'

export const uiCore: typeof en = {
  comingSoon: {
    badge: 'Binnenkort',
    text: 'Het scherm {{screen}} komt binnenkort in een latere versie van Vigil.',
  },
  modal: {
    close: 'Sluiten',
  },
}
