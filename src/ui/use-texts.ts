import { useContext, useSyncExternalStore } from 'react'
import { getI18n, I18nContext } from 'react-i18next'
import type { i18n as I18n, TFunction } from 'i18next'

interface Texts {
  subscribe(onChange: () => void): () => void
  t(): TFunction
}

const textsOf = new WeakMap<I18n, Texts>()

function texts(i18n: I18n): Texts {
  let found = textsOf.get(i18n)
  if (!found) {
    let language: string | undefined
    let t: TFunction
    found = {
      subscribe: (onChange) => {
        i18n.on('languageChanged', onChange)
        return () => i18n.off('languageChanged', onChange)
      },
      // One `t` per language, so that a language change re-renders every user and nothing else does.
      t: () => {
        if (language !== i18n.language) [language, t] = [i18n.language, i18n.getFixedT(i18n.language)]
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
 * this shares one `t` per language and, like useTranslation, re-renders on a language change.
 */
export function useTexts(): TFunction {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n()
  const { subscribe, t } = texts(i18n)
  return useSyncExternalStore(subscribe, t, t)
}
