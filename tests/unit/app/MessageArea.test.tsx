// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { MessageArea } from '../../../src/app/components/MessageArea'
import { i18n } from '../../../src/app/i18n/i18n'
import { messageStore, showMessage } from '../../../src/app/shell/messages'

function renderArea() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MessageArea />
    </I18nextProvider>,
  )
}

describe('message area (SPEC §9 message display, SPEC §2 esc closes messages)', () => {
  afterEach(() => {
    cleanup()
    act(() => messageStore.getState().closeAll())
  })

  it('shows a danger message with its detail as an alert and closes it with its button', () => {
    renderArea()
    act(() => void showMessage({ variant: 'danger', text: 'An internal error occurred', detail: 'Host not found.' }))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('An internal error occurred')
    expect(alert.textContent).toContain('Host not found.')
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('closes every message with esc', () => {
    renderArea()
    act(() => {
      showMessage({ variant: 'warning', text: 'first' })
      showMessage({ variant: 'danger', text: 'second' })
    })
    expect(screen.getAllByRole('alert')).toHaveLength(2)
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(screen.queryAllByRole('alert')).toHaveLength(0)
  })

  it('runs a message action and closes the message', () => {
    renderArea()
    let reloaded = false
    act(
      () =>
        void showMessage({
          variant: 'warning',
          text: 'update',
          actions: [{ label: 'OK', primary: true, onClick: () => (reloaded = true) }],
        }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    expect(reloaded).toBe(true)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
