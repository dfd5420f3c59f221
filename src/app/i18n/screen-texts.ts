/** The texts of the shell's own screens (versions, supported devices, developer tools, client reports) load with them, not with the shell. */
import { loadTexts } from './languages'

const screenTexts = {
  en: () => import('../../shared/i18n/en/shell-screens').then(({ shellScreens }) => ({ shell: shellScreens })),
  nl: () => import('../../shared/i18n/nl/shell-screens').then(({ shellScreens }) => ({ shell: shellScreens })),
}

export const loadScreenTexts = (): Promise<void> => loadTexts(screenTexts)
