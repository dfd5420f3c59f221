// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { memo } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { handlingButton, maintenanceButton } from '../../../../src/ui/decorations/action-buttons'
import { AgeText } from '../../../../src/ui/decorations/AgeText'
import { DecorationIcons } from '../../../../src/ui/decorations/DecorationIcons'
import { RowActionButton } from '../../../../src/ui/decorations/RowActionButton'
import { StateBadge } from '../../../../src/ui/decorations/StateBadge'
import { i18n } from '../../../../src/app/i18n/i18n'
import { ui as nlUi } from '../../../../src/shared/i18n/nl/ui'
import { renderUi } from '../render'

const now = 1_750_000_000_000

describe('badges and decorations on screen (SPEC §2 host table, §4 Decorations)', () => {
  afterEach(cleanup)

  it('writes the age abbreviated, bold under 600 seconds', () => {
    renderUi(
      <>
        <AgeText since={now / 1000 - 125} now={now} />
        <AgeText since={now / 1000 - 7260} now={now} />
      </>,
    )
    expect(screen.getByText('2m 5s').className).toContain('fw-bold')
    expect(screen.getByText('2h 1m').className).not.toContain('fw-bold')
  })

  it('shows at most two icons and lists every decoration in the tooltip', () => {
    renderUi(
      <DecorationIcons
        item={{ max_scheduled_downtime_depth: 1, is_stale: true, is_flapping: true, acknowledged: true, tickets: ['T-1'] }}
      />,
    )
    const icons = screen.getByRole('img', { name: 'In maintenance, Stale, Flapping, Acknowledged, Ticket created' })
    // Shipped icons, not emoji (issue 17: kiosks without an emoji font showed empty boxes).
    expect(Array.from(icons.querySelectorAll('[data-icon]'), (el) => el.getAttribute('data-icon'))).toEqual(['tools', 'ticket'])
    expect(icons.textContent).toBe('')
  })

  it('colours a state and shows a critical host as down', () => {
    renderUi(
      <>
        <StateBadge kind="host" state="critical" />
        <StateBadge kind="resource" state={1} stateType="soft" />
      </>,
    )
    expect(screen.getByText('Down').className).toContain('text-bg-danger')
    expect(screen.getByText('Warning').className).toContain('text-bg-warning')
    expect(screen.getByText('SOFT')).toBeTruthy()
  })

  it('renders the decided action button, and disabled ones with their reason (SPEC §6)', () => {
    const onAction = vi.fn()
    renderUi(
      <>
        <RowActionButton button={handlingButton({ acknowledged: true, allowed_actions: ['view_acknowledgement'] })} onAction={onAction} />
        <RowActionButton button={maintenanceButton({ allowed_actions: [] })} onAction={onAction} />
        <RowActionButton button={handlingButton({})} onAction={onAction} />
      </>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'View acknowledgement' }))
    expect(onAction).toHaveBeenCalledWith('view_acknowledgement')
    const schedule = screen.getByRole('button', { name: 'Schedule maintenance' }) as HTMLButtonElement
    expect(schedule.disabled).toBe(true)
    expect(schedule.parentElement?.title).toBe('Not authorized to schedule maintenance')
    expect((screen.getByRole('button', { name: 'Not available' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('follows a language switch in a row that does not re-render (shared texts of table rows)', async () => {
    // A memoised row with the same props, as DataRow is when the switch comes: the badge must change by itself.
    const Row = memo(function Row() {
      return <StateBadge kind="resource" state="critical" />
    })
    i18n.addResourceBundle('nl', 'translation', { ui: nlUi }, true, true)
    renderUi(<Row />)
    expect(screen.getByText('Critical')).toBeTruthy()
    try {
      await act(() => i18n.changeLanguage('nl'))
      expect(screen.getByText('Kritiek')).toBeTruthy()
    } finally {
      await act(() => i18n.changeLanguage('en'))
    }
    expect(screen.getByText('Critical')).toBeTruthy()
  })
})
