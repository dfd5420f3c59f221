/** The organization whose settings are shown, and whether the user may change them (SPEC §6 host_write). */
export interface SettingsOrganization {
  id: number
  name: string
  canWrite: boolean
}
