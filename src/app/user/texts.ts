/** The texts of /user/tokens and /user/preferences load with those screens, not with the shell (issue 2 budget). */
import { i18n } from '../i18n'

let userTexts: Promise<void> | undefined

export function loadUserTexts(): Promise<void> {
  userTexts ??= import('../../shared/i18n/en/user').then(({ user }) => {
    i18n.addResourceBundle('en', 'translation', { user }, true, true)
  })
  return userTexts
}
