/** English texts of risks (SPEC §2 Risks). */
export const risks = {
  screens: {
    risks: 'Risks',
    environmentRisks: 'Environment risks',
  },
}
