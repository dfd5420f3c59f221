/** The texts of /user/tokens and /user/preferences load with those screens, not with the shell (issue 2 budget). */
import { loadTexts } from '../i18n'

const userTexts = {
  en: () => import('../../shared/i18n/en/user').then(({ user }) => ({ user })),
  nl: () => import('../../shared/i18n/nl/user').then(({ user }) => ({ user })),
}

export const loadUserTexts = (): Promise<void> => loadTexts(userTexts)
