/** The texts of the shell's own screens (versions, supported devices, developer tools, client reports) load with them, not with the shell. */
import { i18n } from './i18n'

let screenTexts: Promise<void> | undefined

export function loadScreenTexts(): Promise<void> {
  screenTexts ??= import('../../shared/i18n/en/shell-screens').then(({ shellScreens }) => {
    i18n.addResourceBundle('en', 'translation', { shell: shellScreens }, true, true)
  })
  return screenTexts
}
