// @vitest-environment jsdom
/**
 * Issue 19 "Languages": switching to Dutch loads the Dutch parts of the catalogue already in use and later ones in
 * Dutch too; the choice is remembered for the next start (the login page speaks it), and English stays the fallback.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../src/app/i18n/i18n'
import { loadFeatureTexts, loadScreenTexts, rememberedLanguage, switchLanguage } from '../../../src/app/i18n'

describe('the language switch', () => {
  afterAll(() => switchLanguage('en'))

  it('shows the core and the loaded parts in Dutch once switched, and remembers the choice', async () => {
    await loadFeatureTexts()
    expect(rememberedLanguage()).toBe('en')
    await switchLanguage('nl')
    expect(i18n.language).toBe('nl')
    expect(document.documentElement.lang).toBe('nl')
    expect(rememberedLanguage()).toBe('nl')
    expect(i18n.t('app.menu.problems')).toBe('Problemen')
    expect(i18n.t('monitoring.timeline.count', { count: 2 })).toBe('2 gebeurtenissen')
    expect(i18n.t('monitoring.timeline.count', { count: 1 })).toBe('1 gebeurtenis')
  })

  it('loads a part asked for later in Dutch as well', async () => {
    await loadScreenTexts()
    expect(i18n.t('shell.versions.running')).toBe('Actieve versie')
  })

  it('falls back to English for a language without a catalogue', async () => {
    await switchLanguage('fr')
    expect(i18n.language).toBe('en')
    expect(i18n.t('app.menu.problems')).toBe('Problems')
    expect(rememberedLanguage()).toBe('en')
  })
})
