// The app loads feature texts with the features (src/app/i18n/i18n.ts); component tests render them directly.
import { i18n } from '../../src/app/i18n/i18n'
import { en } from '../../src/shared/i18n/en'

i18n.addResourceBundle('en', 'translation', en, true, true)
