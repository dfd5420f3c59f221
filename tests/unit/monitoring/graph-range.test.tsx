// @vitest-environment jsdom
/**
 * The graphs tabs' range (SPEC §2 host and resource graphs: the date-range picker with the SPEC §9 past
 * presets): a preset that moves on with the clock, or a fixed range typed in the picker, kept in the link.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { RangeSelector } from '../../../src/monitoring/graphs/RangeSelector'
import { DEFAULT_PRESET, useGraphRange } from '../../../src/monitoring/graphs/range'
import { renderUi } from '../ui/render'

const NOW = new Date(2026, 10, 23, 12, 0, 0)
const unix = (d: Date) => d.getTime() / 1000

/** The selector as the graphs pages use it, with the route's query shown. */
function GraphsRange() {
  const range = useGraphRange(DEFAULT_PRESET)
  const { search } = useLocation()
  return (
    <>
      <RangeSelector
        range={range.range!}
        onPreset={range.setPreset}
        onRange={range.zoomTo}
        onResetZoom={range.resetZoom}
        now={() => NOW.getTime()}
      />
      <output aria-label="Link query">{search}</output>
    </>
  )
}

function show(query = '') {
  renderUi(
    <MemoryRouter initialEntries={[`/monitoring/hosts/web-01/graphs${query}`]}>
      <GraphsRange />
    </MemoryRouter>,
  )
  return {
    presets: within(screen.getByRole('group', { name: 'Presets' })),
    start: screen.getByLabelText('Start') as HTMLInputElement,
    end: screen.getByLabelText('End') as HTMLInputElement,
    apply: screen.getByRole('button', { name: 'Show this range' }) as HTMLButtonElement,
    query: () => new URLSearchParams(screen.getByLabelText('Link query').textContent ?? ''),
  }
}

const type = (input: HTMLInputElement, text: string) => fireEvent.change(input, { target: { value: text } })
const pressed = (presets: ReturnType<typeof show>['presets']) =>
  presets
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent)

afterEach(cleanup)

describe('graphs range picker (SPEC §2 graphs tabs, §9 past presets)', () => {
  it('offers every past preset, the last day by default, and shows the dates a preset stands for', () => {
    const ui = show()
    expect(ui.presets.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Last 2 hours',
      'Last 4 hours',
      'Last day',
      'Last week',
      'Last month',
      'Last 3 months',
      'Last 6 months',
      'Last year',
    ])
    expect(pressed(ui.presets)).toEqual(['Last day'])
    expect([ui.start.value, ui.end.value]).toEqual(['22-11-2026 12:00:00', '23-11-2026 12:00:00'])
    fireEvent.click(ui.presets.getByRole('button', { name: 'Last 2 hours' }))
    expect(pressed(ui.presets)).toEqual(['Last 2 hours'])
    // The preset itself goes in the link, so the graphs move on with the clock at each refresh.
    expect(ui.query().get('range')).toBe('past-2h')
    expect(ui.query().has('from')).toBe(false)
    expect([ui.start.value, ui.end.value]).toEqual(['23-11-2026 10:00:00', '23-11-2026 12:00:00'])
    expect(ui.apply.disabled).toBe(true)
  })

  it('shows a custom absolute range typed in the picker, with a way back to the preset', () => {
    const ui = show('?range=past-1w')
    type(ui.start, '01-11-2026 08:00')
    type(ui.end, '03-11-2026 18:30:00')
    expect(ui.query().has('from')).toBe(false) // nothing changes before the range is applied
    fireEvent.click(ui.apply)
    expect(Object.fromEntries(ui.query())).toEqual({
      range: 'past-1w',
      from: String(unix(new Date(2026, 10, 1, 8))),
      to: String(unix(new Date(2026, 10, 3, 18, 30))),
    })
    expect(pressed(ui.presets)).toEqual([])
    expect([ui.start.value, ui.end.value]).toEqual(['01-11-2026 08:00:00', '03-11-2026 18:30:00'])
    fireEvent.click(screen.getByRole('button', { name: 'Back to Last week' }))
    expect(Object.fromEntries(ui.query())).toEqual({ range: 'past-1w' })
    expect(pressed(ui.presets)).toEqual(['Last week'])
  })

  it('refuses a range that ends before it starts', () => {
    const ui = show()
    type(ui.end, '20-11-2026 12:00:00')
    expect(screen.getByText('The end must be after the start.')).toBeTruthy()
    expect(ui.apply.disabled).toBe(true)
    type(ui.end, '22-11-2026 13:00:00')
    expect(screen.queryByText('The end must be after the start.')).toBeNull()
    fireEvent.click(ui.apply)
    expect(ui.query().get('to')).toBe(String(unix(new Date(2026, 10, 22, 13))))
  })

  it('shows a brushed zoom from the link in the fields, with the way back to its preset', () => {
    const ui = show(`?range=past-2h&from=${unix(new Date(2026, 10, 23, 10, 15))}&to=${unix(new Date(2026, 10, 23, 10, 45))}`)
    expect([ui.start.value, ui.end.value]).toEqual(['23-11-2026 10:15:00', '23-11-2026 10:45:00'])
    expect(screen.getByRole('button', { name: 'Back to Last 2 hours' })).toBeTruthy()
  })
})
