/** Dutch texts of the dashboard (the keys of ../en/dashboard.ts). */
import type { dashboard as en } from '../en/dashboard'

export const dashboard: typeof en = {
  screens: {
    dashboard: 'Dashboard',
  },
}
