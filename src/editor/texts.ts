/** The editor's texts: the catalogue's editor part loads with the editor, on top of the feature texts. */
import { i18n, loadFeatureTexts } from '../app/i18n'

export const loadEditorTexts = () =>
  Promise.all([import('../shared/i18n/en/editor'), loadFeatureTexts()]).then(([texts]) => {
    i18n.addResourceBundle('en', 'translation', { editor: texts.editor }, true, true)
  })
