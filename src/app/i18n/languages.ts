/**
 * SPEC §1 "translated through a message catalogue", in each language of LANGUAGES. The catalogue comes in parts
 * that load on demand (the shell's core, the feature, admin, editor and user texts, the shell's screens); each part
 * exists per language, and a language other than English is fetched only once chosen, so the English shell's
 * first script does not grow with it (issue 19). English is always loaded too: it is the fallback.
 */
import { LANGUAGES, type Language } from '../../shared/enums'
import { getStored, setStored } from '../preferences/storage'
import { featureTexts } from './feature-texts'
import { i18n } from './i18n'

/** One part of the catalogue: per language, what to add to the single `translation` namespace. */
export type TextPart = Record<Language, () => Promise<Record<string, unknown>>>

const STORAGE_KEY = 'language'

const core: TextPart = {
  // The English core is in the instance from its start (i18n.ts).
  en: () => Promise.resolve({}),
  nl: () => import('../../shared/i18n/nl/core').then((m) => m.nlCore),
}

/** The parts asked for so far: a language switch loads them in the new language. */
const wanted = new Set<TextPart>([core])
const added = new Map<TextPart, Map<Language, Promise<void>>>()
let requested: Language = 'en'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The last language used here, so the login page and the first paint speak it before preferences arrive. */
export function rememberedLanguage(): Language {
  const stored = getStored<string>(localStorage, STORAGE_KEY)
  return isLanguage(stored) ? stored : 'en'
}

function add(part: TextPart, lng: Language): Promise<void> {
  const byLanguage = added.get(part) ?? new Map<Language, Promise<void>>()
  added.set(part, byLanguage)
  let done = byLanguage.get(lng)
  if (!done) {
    done = part[lng]().then((texts) => void i18n.addResourceBundle(lng, 'translation', texts, true, true))
    byLanguage.set(lng, done)
  }
  return done
}

/** Loads `part` in English, the language shown and the one being switched to (once each). */
export function loadTexts(part: TextPart): Promise<void> {
  wanted.add(part)
  const languages = new Set<Language>(['en', requested, isLanguage(i18n.language) ? i18n.language : 'en'])
  return Promise.all([...languages].map((lng) => add(part, lng))).then(() => undefined)
}

/** Switches the app to `lng` once every part loaded so far is there in that language (no half-translated screen). */
export async function switchLanguage(value: string): Promise<void> {
  const lng = isLanguage(value) ? value : 'en'
  requested = lng
  setStored(localStorage, STORAGE_KEY, lng)
  await Promise.all([...wanted].map((part) => add(part, lng)))
  if (requested !== lng || i18n.language === lng) return
  await i18n.changeLanguage(lng)
  document.documentElement.lang = lng
}

/** The monitoring, widget and maps texts; feature routes await them before they render. */
export const loadFeatureTexts = (): Promise<void> => loadTexts(featureTexts)
