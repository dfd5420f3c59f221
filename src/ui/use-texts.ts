import { useContext, useSyncExternalStore } from 'react'
import { getI18n, I18nContext } from 'react-i18next'
import type { i18n as I18n, TFunction } from 'i18next'

interface Texts {
  subscribe(onChange: () => void): () => void
  t(): TFunction
}

const textsOf = new WeakMap<I18n, Texts>()
/** Texts kept per language before the memory is started afresh (a page asks a few hundred different ones). */
const KEPT_TEXTS = 5000

/**
 * `fixed` remembering what it answered, per key and options: i18next resolves a key in 20–50 µs and a table
 * page's rows ask for hundreds on every background refresh (issue 17 alerts-page). `known` is emptied when a
 * catalogue part arrives or the language changes; a missing key (answered with itself) is not kept.
 */
function remembering(fixed: TFunction, known: Map<string, string>): TFunction {
  const lookUp = fixed as unknown as (key: unknown, options?: unknown) => unknown
  const t = (key: unknown, options?: unknown) => {
    if (typeof key !== 'string' || (options !== undefined && (typeof options !== 'object' || options === null))) return lookUp(key, options)
    const id = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`
    const kept = known.get(id)
    if (kept !== undefined) return kept
    const text = lookUp(key, options)
    if (typeof text === 'string' && text !== key) {
      if (known.size >= KEPT_TEXTS) known.clear()
      known.set(id, text)
    }
    return text
  }
  return t as TFunction
}

function texts(i18n: I18n): Texts {
  let found = textsOf.get(i18n)
  if (!found) {
    let language: string | undefined
    let t: TFunction
    const known = new Map<string, string>()
    // The catalogue's store tells of parts added (languages.ts loadTexts); the instance does not pass that on.
    i18n.store.on('added', () => known.clear())
    i18n.store.on('removed', () => known.clear())
    found = {
      subscribe: (onChange) => {
        i18n.on('languageChanged', onChange)
        return () => i18n.off('languageChanged', onChange)
      },
      // One `t` per language, so that a language change re-renders every user and nothing else does.
      t: () => {
        if (language !== i18n.language) {
          known.clear()
          language = i18n.language
          t = remembering(i18n.getFixedT(language), known)
        }
        return t
      },
    }
    textsOf.set(i18n, found)
  }
  return found
}

/**
 * `useTranslation().t` for components a table renders once per row and cell. useTranslation builds a
 * translation function and a copy of the i18next instance for every component it mounts, which made a
 * background refresh that brings 30 new rows block the screen for frames (issue 4 "stays responsive");
 * this shares one `t` per language, remembering its texts, and like useTranslation re-renders on a language change.
 */
export function useTexts(): TFunction {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n()
  const { subscribe, t } = texts(i18n)
  return useSyncExternalStore(subscribe, t, t)
}
