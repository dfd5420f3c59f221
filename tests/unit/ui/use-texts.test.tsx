// @vitest-environment jsdom
/**
 * useTexts remembers what the catalogue answered (issue 17 alerts-page: i18next's lookups were a tenth of a busy
 * table's script time), and still shows a text added or changed later and the texts of a newly chosen language.
 */
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { useTexts } from '../../../src/ui'

async function catalogue() {
  const i18n = i18next.createInstance()
  await i18n.init({
    resources: {
      en: { translation: { greeting: 'Hello', ages: { minutes_one: '{{count}} minute', minutes_other: '{{count}} minutes' } } },
    },
    lng: 'en',
    interpolation: { escapeValue: false },
  })
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  return { i18n, t: renderHook(() => useTexts(), { wrapper }) }
}

describe('useTexts', () => {
  it('answers each key and options as the catalogue does, again and again', async () => {
    const { t } = await catalogue()
    for (let i = 0; i < 3; i++) {
      expect(t.result.current('greeting')).toBe('Hello')
      expect(t.result.current('ages.minutes', { count: 1 })).toBe('1 minute')
      expect(t.result.current('ages.minutes', { count: 5 })).toBe('5 minutes')
    }
  })

  it('shows a part of the catalogue added later, and a key that was missing until then', async () => {
    const { i18n, t } = await catalogue()
    expect(t.result.current('later.text')).toBe('later.text')
    expect(t.result.current('greeting')).toBe('Hello')
    i18n.addResourceBundle('en', 'translation', { greeting: 'Hello again', later: { text: 'Here now' } }, true, true)
    expect(t.result.current('later.text')).toBe('Here now')
    expect(t.result.current('greeting')).toBe('Hello again')
  })

  it('speaks the language chosen afterwards', async () => {
    const { i18n, t } = await catalogue()
    expect(t.result.current('greeting')).toBe('Hello')
    i18n.addResourceBundle('nl', 'translation', { greeting: 'Hallo' })
    await act(() => i18n.changeLanguage('nl'))
    expect(t.result.current('greeting')).toBe('Hallo')
  })
})
