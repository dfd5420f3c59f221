/** The editor's texts: the catalogue's editor part loads with the editor, on top of the feature texts. */
import { loadFeatureTexts, loadTexts } from '../app/i18n'

const editorTexts = {
  en: () => import('../shared/i18n/en/editor').then(({ editor }) => ({ editor })),
  nl: () => import('../shared/i18n/nl/editor').then(({ editor }) => ({ editor })),
}

export const loadEditorTexts = () => Promise.all([loadTexts(editorTexts), loadFeatureTexts()]).then(() => undefined)
