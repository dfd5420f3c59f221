/** Dutch texts of src/ui that the shell itself shows (the keys of ../en/ui-core.ts). */
import type { uiCore as en } from '../en/ui-core'

export const uiCore: typeof en = {
  modal: {
    close: 'Sluiten',
  },
}
