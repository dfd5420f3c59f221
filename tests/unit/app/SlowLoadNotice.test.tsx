// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SlowLoadText } from '../../../src/app/components/SlowLoadNotice'
import { i18n } from '../../../src/app/i18n/i18n'

describe('slow-load notice (SPEC §4 route guard 6, SPEC §9: after 5 s)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  const renderText = (active: boolean) => (
    <I18nextProvider i18n={i18n}>
      <SlowLoadText active={active} />
    </I18nextProvider>
  )

  it('appears only once loading has taken 5 s, and goes when loading ends', () => {
    const { rerender } = render(renderText(true))
    act(() => void vi.advanceTimersByTime(4999))
    expect(screen.queryByRole('status')).toBeNull()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.getByRole('status').textContent).toMatch(/longer than usual/)
    rerender(renderText(false))
    expect(screen.queryByRole('status')).toBeNull()
  })
})
