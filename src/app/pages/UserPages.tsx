/** SPEC §2 /user/tokens and /user/preferences (issue 16); one chunk for both. */
export { TokensPage } from '../user/TokensPage'
export { PreferencesPage } from '../user/PreferencesPage'
export { SecurityPage } from '../user/SecurityPage'
export { loadUserTexts } from '../user/texts'
