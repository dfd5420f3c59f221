// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EnvironmentFilterFeedback } from '../../../../src/ui/filter/EnvironmentFilterFeedback'
import { FilterPanel, type FilterPanelProps } from '../../../../src/ui/filter/FilterPanel'
import type { PanelNode } from '../../../../src/ui/filter/rules'
import { decodeFilter } from '../../../../src/ui/filter/url'
import type { FilterColumn } from '../../../../src/ui/filter/values'
import { renderUi } from '../render'

const columns: FilterColumn[] = [
  { key: 'name', label: 'Host name', kind: 'text' },
  {
    key: 'hosttype',
    label: 'Host type',
    kind: 'enum',
    options: [
      { value: 'linux', label: 'Linux' },
      { value: 'windows', label: 'Windows' },
    ],
  },
  { key: 'last_check', label: 'Last check', kind: 'date' },
]

function Screen(props: Partial<FilterPanelProps> & { onApplied?(filter: PanelNode[]): void }) {
  const [applied, setApplied] = useState<PanelNode[]>([])
  const [enabled, setEnabled] = useState(true)
  return (
    <FilterPanel
      columns={columns}
      applied={applied}
      enabled={enabled}
      onEnabledChange={setEnabled}
      onClose={() => {}}
      onApply={(f) => {
        props.onApplied?.(f)
        setApplied(f)
      }}
      {...props}
    />
  )
}

const select = (name: string | RegExp) => screen.getByRole('combobox', { name }) as HTMLSelectElement
const value = (n: number) => screen.getByRole('textbox', { name: `Value of rule ${n}` }) as HTMLInputElement
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement
const rules = () => within(screen.getByRole('list', { name: 'Filter rules' })).getAllByRole('listitem')

describe('filter panel (SPEC §2 Filter panel, SPEC §4 Filter rules, SPEC §5 Filters)', () => {
  afterEach(cleanup)

  it('choosing a column sets its default condition and clears the value', () => {
    renderUi(<Screen />)
    fireEvent.change(select('Column of rule 1'), { target: { value: 'name' } })
    expect(select('Condition of rule 1').value).toBe('contains')
    fireEvent.change(value(1), { target: { value: 'web' } })
    fireEvent.change(select('Column of rule 1'), { target: { value: 'hosttype' } })
    expect(select('Condition of rule 1').value).toBe('equals')
    expect(select('Value of rule 1').value).toBe('')
  })

  it('offers the conditions of the column kind from the shared filter language', () => {
    renderUi(<Screen />)
    fireEvent.change(select('Column of rule 1'), { target: { value: 'last_check' } })
    expect(
      within(select('Condition of rule 1'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['after', 'before', 'between'])
  })

  it('choosing a condition on a date clears the value', () => {
    renderUi(<Screen />)
    fireEvent.change(select('Column of rule 1'), { target: { value: 'last_check' } })
    fireEvent.change(value(1), { target: { value: '10-06-2025 14:00:00' } })
    expect(rules()).toHaveLength(2)
    fireEvent.change(select('Condition of rule 1'), { target: { value: 'after' } })
    expect(value(1).value).toBe('')
  })

  it('appends a new empty rule when the last one is filled', () => {
    renderUi(<Screen />)
    expect(rules()).toHaveLength(1)
    fireEvent.change(select('Column of rule 1'), { target: { value: 'name' } })
    expect(rules()).toHaveLength(1)
    fireEvent.change(value(1), { target: { value: 'web' } })
    expect(rules()).toHaveLength(2)
    expect(select('Column of rule 2').value).toBe('')
  })

  it('enables remove only for a rule with a value, and resets the last rule with "Can\'t delete last rule."', () => {
    renderUi(<Screen />)
    expect(button('Remove rule 1').disabled).toBe(true)
    fireEvent.change(select('Column of rule 1'), { target: { value: 'name' } })
    fireEvent.change(value(1), { target: { value: 'web' } })
    expect(button('Remove rule 1').disabled).toBe(false)
    expect(button('Remove rule 2').disabled).toBe(true)
    fireEvent.change(select('Column of rule 2'), { target: { value: 'hosttype' } })
    fireEvent.change(select('Value of rule 2'), { target: { value: 'linux' } })
    fireEvent.click(button('Remove rule 1'))
    expect(rules()).toHaveLength(2)
    expect(select('Column of rule 1').value).toBe('hosttype')
    fireEvent.click(button('Remove rule 1'))
    expect(rules()).toHaveLength(1)
    fireEvent.change(select('Column of rule 1'), { target: { value: 'name' } })
    fireEvent.change(value(1), { target: { value: 'db' } })
    fireEvent.click(button('Apply'))
    expect(rules()).toHaveLength(1)
    fireEvent.click(button('Remove rule 1'))
    expect(screen.getByRole('alert').textContent).toContain("Can't delete last rule.")
    expect(rules()).toHaveLength(1)
    expect(select('Column of rule 1').value).toBe('')
  })

  it('disables add rule until all rules are filled ("Please fill all rules", said once the person edits)', () => {
    renderUi(<Screen />)
    expect(button('Add rule').disabled).toBe(true)
    // Issue 17: no "Please fill all rules" before the person did anything.
    expect(screen.queryByText('Please fill all rules')).toBeNull()
    fireEvent.change(select('Column of rule 1'), { target: { value: 'name' } })
    expect(screen.getByText('Please fill all rules')).toBeTruthy()
    fireEvent.change(value(1), { target: { value: 'web' } })
    fireEvent.click(button('Apply'))
    // The applied filter comes back as rule rows, all filled: now another rule can be added.
    expect(rules()).toHaveLength(1)
    expect(button('Add rule').disabled).toBe(false)
    fireEvent.click(button('Add rule'))
    expect(rules()).toHaveLength(2)
    expect(button('Add rule').disabled).toBe(true)
  })

  it('disables apply while a single rule is partly filled; a fully empty rule applies as reset', () => {
    const onApplied = vi.fn()
    renderUi(<Screen onApplied={onApplied} />)
    fireEvent.change(select('Column of rule 1'), { target: { value: 'name' } })
    expect(button('Apply').disabled).toBe(true)
    fireEvent.change(select('Column of rule 1'), { target: { value: '' } })
    expect(button('Apply').disabled).toBe(false)
    fireEvent.click(button('Apply'))
    expect(onApplied).toHaveBeenLastCalledWith([])
  })

  it('applies the filled rules as [column, condition, value]', () => {
    const onApplied = vi.fn()
    renderUi(<Screen onApplied={onApplied} />)
    fireEvent.change(select('Column of rule 1'), { target: { value: 'name' } })
    fireEvent.change(select('Condition of rule 1'), { target: { value: 'starts_with' } })
    fireEvent.change(value(1), { target: { value: 'web' } })
    fireEvent.change(select('Column of rule 2'), { target: { value: 'last_check' } })
    fireEvent.change(value(2), { target: { value: '01-01-2025 00:00:00' } })
    fireEvent.click(button('Apply'))
    expect(onApplied).toHaveBeenLastCalledWith([
      ['name', 'starts_with', 'web'],
      ['last_check', 'before', Math.floor(new Date(2025, 0, 1).getTime() / 1000)],
    ])
  })

  it('resets to no filter, and cancel returns to the applied filter', () => {
    const onApplied = vi.fn()
    renderUi(<Screen onApplied={onApplied} applied={[['name', 'contains', 'web']]} />)
    expect(value(1).value).toBe('web')
    fireEvent.change(value(1), { target: { value: 'db' } })
    fireEvent.click(button('Cancel'))
    expect(value(1).value).toBe('web')
    fireEvent.click(button('Reset'))
    expect(onApplied).toHaveBeenLastCalledWith([])
    expect(select('Column of rule 1').value).toBe('')
  })

  it('says "Unable to parse filter. Filter not applied." for a filter that does not fit the columns', () => {
    renderUi(<Screen applied={[['password', 'equals', 'x']]} />)
    expect(screen.getByRole('alert').textContent).toContain('Unable to parse filter. Filter not applied.')
    expect(rules()).toHaveLength(1)
  })

  it('shows the notices of a linked filter until closed', () => {
    renderUi(<Screen notice="statusFilterRemoved" />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('The status filter has been removed in favor of quickfilters, please use those.')
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('toggles the filter on and off, and quick filter chips', () => {
    const onQuick = vi.fn()
    renderUi(<Screen quickFilters={[{ key: 'in_maintenance', label: 'In maintenance', active: false }]} onQuickFilterToggle={onQuick} />)
    const toggle = screen.getByRole('switch', { name: 'Filter enabled' }) as HTMLInputElement
    expect(toggle.checked).toBe(true)
    fireEvent.click(toggle)
    expect(toggle.checked).toBe(false)
    fireEvent.click(button('In maintenance'))
    expect(onQuick).toHaveBeenCalledWith('in_maintenance')
  })

  it('saves a filter with SPEC §3 custom_filter rules; the organization-wide option shows only with user_read', async () => {
    const onSave = vi.fn(async () => {})
    const { rerender } = renderUi(
      <Screen applied={[['name', 'contains', 'web']]} saved={{ filters: [], canSaveOrganizationWide: false, onSave }} />,
    )
    fireEvent.click(button('Save'))
    const dialog = screen.getByRole('dialog', { name: 'Save filter' })
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    rerender(<Screen applied={[['name', 'contains', 'web']]} saved={{ filters: [], canSaveOrganizationWide: true, onSave }} />)
    fireEvent.click(button('Save'))
    const again = screen.getByRole('dialog', { name: 'Save filter' })
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }))
    expect(within(again).getByText('This field is mandatory.')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
    fireEvent.change(within(again).getByRole('textbox', { name: 'Name' }), { target: { value: 'Web hosts' } })
    fireEvent.click(within(again).getByRole('checkbox', { name: /Organization-wide/ }))
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Save' })))
    expect(onSave).toHaveBeenCalledWith({
      name: 'Web hosts',
      organization_wide: true,
      rules: [['name', 'contains', 'web']],
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('applies or-joined and inverted rules as an or-group and an inverted rule (issue 17)', () => {
    const onApplied = vi.fn()
    renderUi(<Screen onApplied={onApplied} />)
    fireEvent.change(select('Column of rule 1'), { target: { value: 'name' } })
    fireEvent.change(value(1), { target: { value: 'web' } })
    fireEvent.change(select('Column of rule 2'), { target: { value: 'name' } })
    fireEvent.change(value(2), { target: { value: 'db' } })
    fireEvent.change(select('Join of rule 2 to the rule before'), { target: { value: 'or' } })
    fireEvent.change(select('Column of rule 3'), { target: { value: 'name' } })
    fireEvent.change(value(3), { target: { value: 'test' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Invert rule 3' }))
    fireEvent.click(button('Apply'))
    expect(onApplied).toHaveBeenLastCalledWith([
      {
        or: [
          ['name', 'contains', 'web'],
          ['name', 'contains', 'db'],
        ],
      },
      { key: 'name', operator: 'contains', value: 'test', inverted: true },
    ])
    // Applied, the filter comes back as the same rows.
    expect(select('Join of rule 2 to the rule before').value).toBe('or')
    expect((screen.getByRole('checkbox', { name: 'Invert rule 3' }) as HTMLInputElement).checked).toBe(true)
  })

  it('loads a saved filter, and says when one cannot be loaded', () => {
    const onApplied = vi.fn()
    const filters = [
      { guid: 'g1', name: 'Linux', organization_id: null, rules: [{ key: 'hosttype', operator: 'equals', value: 'linux' }] },
      {
        guid: 'g2',
        name: 'Either',
        organization_id: 7,
        rules: [
          {
            // Or-groups inside or-groups have no rows in the panel.
            or: [{ or: [['name', 'equals', 'a']] }] as never[],
          },
        ],
      },
    ]
    renderUi(<Screen onApplied={onApplied} saved={{ filters, canSaveOrganizationWide: false, onSave: () => {} }} />)
    fireEvent.click(button('Load'))
    const list = screen.getByRole('list', { name: 'Saved filters' })
    expect(within(list).getByText('Organization')).toBeTruthy()
    fireEvent.click(within(list).getByRole('button', { name: 'Linux' }))
    expect(onApplied).toHaveBeenLastCalledWith([['hosttype', 'equals', 'linux']])
    expect(select('Value of rule 1').value).toBe('linux')
    fireEvent.click(button('Load'))
    fireEvent.click(button('Either'))
    expect(screen.getByRole('alert').textContent).toContain('The requested filter could not be loaded.')
    expect(onApplied).toHaveBeenCalledTimes(1)
  })

  it('copies a link with the filter in ?filter=', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderUi(<Screen applied={[['name', 'contains', 'web']]} href="https://vigil.example/#/monitoring/hosts" />)
    await act(async () => fireEvent.click(button('Copy URL')))
    const link = writeText.mock.calls[0][0]
    expect(link.startsWith('https://vigil.example/#/monitoring/hosts?filter=')).toBe(true)
    expect(decodeFilter(new URLSearchParams(link.split('?')[1]).get('filter')!).filter).toEqual([['name', 'contains', 'web']])
    expect(screen.getByText('Link copied.')).toBeTruthy()
  })
})

describe('environment-filter feedback (SPEC §2, §9: at most 2 labels, then show more)', () => {
  afterEach(cleanup)

  it('shows two labels and a show-more link for the rest', () => {
    renderUi(<EnvironmentFilterFeedback labels={['Production', 'Staging', 'Lab', 'Office']} />)
    const group = screen.getByRole('group', { name: 'Environment filter' })
    expect(within(group).queryByText('Lab')).toBeNull()
    fireEvent.click(within(group).getByRole('button', { name: 'Show 2 more' }))
    expect(within(group).getByText('Lab')).toBeTruthy()
    expect(within(group).getByText('Office')).toBeTruthy()
  })

  it('shows nothing without an environment filter', () => {
    renderUi(<EnvironmentFilterFeedback labels={[]} />)
    expect(screen.queryByRole('group')).toBeNull()
  })
})
