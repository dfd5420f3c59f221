/** English texts of the dashboard (SPEC §2 Dashboard). */
export const dashboard = {
  screens: {
    dashboard: 'Dashboard',
  },
}
