/** Organization settings screens (issue 15 Settings), one lazy chunk. */
export { SettingsPage } from './SettingsPage'
