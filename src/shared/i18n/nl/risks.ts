/** Dutch texts of risks (the keys of ../en/risks.ts). */
import type { risks as en } from '../en/risks'

export const risks: typeof en = {
  screens: {
    risks: 'Risico’s',
    environmentRisks: 'Risico’s van de omgeving',
  },
}
