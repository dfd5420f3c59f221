// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SortState } from '../../../../src/ui/table/sort'
import { TablePanel, type TablePanelProps } from '../../../../src/ui/table/TablePanel'
import type { TableColumn } from '../../../../src/ui/table/types'
import { renderUi } from '../render'

interface Host {
  id: number
  name: string
  output: string
  description: string
}

const make = (n: number): Host[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `host-${String((i * 37) % n).padStart(3, '0')}`,
    output: `output ${i + 1}`,
    description: `desc ${i + 1}`,
  }))
const hosts = make(25)

const columns: TableColumn<Host>[] = [
  { id: 'name', header: 'Host', cell: (h) => h.name, sortable: true, csv: (h) => h.name },
  { id: 'output', header: 'Check output', cell: (h) => h.output },
  { id: 'description', header: 'Description', cell: (h) => h.description, hidden: true },
]

/** A screen in miniature: keeps page, size and sort, and "fetches" the page the way the server would. */
function Screen(props: Partial<TablePanelProps<Host>> & { data?: Host[]; onPage?(page: number): void }) {
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(10)
  const [sort, setSort] = useState<SortState | null>(null)
  const data = props.data ?? hosts
  const sorted = sort ? [...data].sort((a, b) => a.name.localeCompare(b.name) * (sort.desc ? -1 : 1)) : data
  return (
    <TablePanel<Host>
      title="Hosts"
      columns={columns}
      getRowId={(h) => String(h.id)}
      total={data.length}
      rows={sorted.slice((page - 1) * pageSize, page * pageSize)}
      page={page}
      pageSize={pageSize}
      sort={sort}
      onPageChange={(p) => {
        props.onPage?.(p)
        setPage(p)
      }}
      onPageSizeChange={setPageSize}
      onSortChange={setSort}
      renderExpanded={(h) => (
        <p>
          Details of {h.name}: {h.output}
        </p>
      )}
      {...props}
    />
  )
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Hosts' }))
    .getAllByRole('row')
    .slice(1)
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('cell')[1]?.textContent)

describe('table panel (SPEC §2 Generic table panel)', () => {
  afterEach(cleanup)

  it('sorts a column ascending, descending, then not at all (SPEC §4)', () => {
    renderUi(<Screen />)
    const header = () => screen.getByRole('columnheader', { name: /Host/ })
    const unsorted = firstCells()
    expect(header().getAttribute('aria-sort')).toBe('none')
    fireEvent.click(within(header()).getByRole('button'))
    expect(header().getAttribute('aria-sort')).toBe('ascending')
    expect(firstCells().slice(0, 3)).toEqual(['host-000', 'host-001', 'host-002'])
    expect(firstCells()).toHaveLength(10)
    fireEvent.click(within(header()).getByRole('button'))
    expect(header().getAttribute('aria-sort')).toBe('descending')
    expect(firstCells()[0]).toBe('host-024')
    fireEvent.click(within(header()).getByRole('button'))
    expect(header().getAttribute('aria-sort')).toBe('none')
    expect(firstCells()).toEqual(unsorted)
  })

  it('pages within bounds: first/previous off on page 1, next/last off on the last page (SPEC §5)', () => {
    const onPage = vi.fn()
    renderUi(<Screen onPage={onPage} />)
    const nav = screen.getByRole('navigation', { name: 'Pagination' })
    const button = (name: string) => within(nav).getByRole('button', { name })
    expect(button('First page')).toHaveProperty('disabled', true)
    expect(button('Previous page')).toHaveProperty('disabled', true)
    expect(within(nav).queryByRole('button', { name: 'Page 4' })).toBeNull()
    fireEvent.click(button('Page 1'))
    expect(onPage).not.toHaveBeenCalled()
    fireEvent.click(button('Last page'))
    expect(onPage).toHaveBeenLastCalledWith(3)
    expect(button('Page 3').getAttribute('aria-current')).toBe('page')
    expect(button('Next page')).toHaveProperty('disabled', true)
    expect(button('Last page')).toHaveProperty('disabled', true)
    expect(bodyRows()).toHaveLength(5)
    fireEvent.click(button('Previous page'))
    expect(onPage).toHaveBeenLastCalledWith(2)
  })

  it('shows at most 5 page numbers and changes the page size from the SPEC §9 options', () => {
    renderUi(<Screen data={make(120)} />)
    const nav = screen.getByRole('navigation', { name: 'Pagination' })
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5'])
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '25' } })
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5'])
    expect(bodyRows()).toHaveLength(25)
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '100' } })
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2'])
    const options = within(screen.getByRole('combobox', { name: 'Rows per page' }))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).toEqual(['10', '25', '50', '100', '250'])
  })

  it('opens a row with right, moves with down and up, and closes with left (SPEC §2)', () => {
    renderUi(<Screen />)
    const [first, second] = bodyRows()
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    expect(screen.getByText(`Details of ${hosts[0].name}: output 1`)).toBeTruthy()
    // The row's toggle carries the state (aria-expanded is not allowed on a row of a plain table; issue 17 axe).
    expect(first.querySelector('button[aria-expanded]')?.getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(second)
    fireEvent.keyDown(second, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(first, { key: 'ArrowLeft' })
    expect(screen.queryByText(/Details of/)).toBeNull()
    expect(first.querySelector('button[aria-expanded]')?.getAttribute('aria-expanded')).toBe('false')
  })

  it('updates rows in place: the open row stays open, with the same element, when data changes (feed update)', () => {
    const { rerender } = renderUi(<Screen data={hosts.slice(0, 3)} />)
    fireEvent.click(within(bodyRows()[1]).getByRole('button', { name: 'Show details' }))
    const openRow = bodyRows()[1]
    expect(screen.getByText(`Details of ${hosts[1].name}: output 2`)).toBeTruthy()
    const changed = [{ ...hosts[1], output: 'CRITICAL now' }, { ...hosts[2] }, { ...hosts[0] }]
    rerender(<Screen data={changed} />)
    expect(screen.getByText(`Details of ${hosts[1].name}: CRITICAL now`)).toBeTruthy()
    expect(bodyRows()[0]).toBe(openRow)
    expect(screen.getAllByText(/Details of/)).toHaveLength(1)
  })

  it('renders only the row a feed update changed, keeping the others as they were (issue 4 "stays responsive")', () => {
    const rendered: number[] = []
    const counting: TableColumn<Host>[] = [
      ...columns,
      {
        id: 'counted',
        header: 'Counted',
        cell: (h) => {
          rendered.push(h.id)
          return h.output
        },
      },
    ]
    const rows = hosts.slice(0, 5)
    const { rerender } = renderUi(<Screen data={rows} columns={counting} />)
    rendered.length = 0
    // As the feed patches a page: a new object for the changed row, the same objects for the rest.
    rerender(<Screen data={rows.map((h) => (h.id === 3 ? { ...h, output: 'CRITICAL now' } : h))} columns={counting} />)
    expect(rendered).toEqual([3])
    expect(screen.getAllByText('CRITICAL now')).toHaveLength(2)
  })

  it('shows the empty messages of SPEC §2, with the filter variant', () => {
    const { rerender } = renderUi(<Screen data={[]} emptyKind="problems" />)
    expect(screen.getByText('No problems detected.')).toBeTruthy()
    rerender(<Screen data={[]} emptyKind="problems" filterActive />)
    expect(screen.getByText('No problems detected with the active filter.')).toBeTruthy()
    expect(screen.getByText('Filter active')).toBeTruthy()
    rerender(<Screen data={[]} emptyKind="risks" />)
    expect(screen.getByText('No risks found.')).toBeTruthy()
    rerender(<Screen data={[]} filterActive />)
    expect(screen.getByText('No records match the active filter.')).toBeTruthy()
  })

  it('hides the description column until it is shown from the columns menu', () => {
    renderUi(<Screen />)
    expect(screen.queryByRole('columnheader', { name: 'Description' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Description' }))
    expect(screen.getByRole('columnheader', { name: 'Description' })).toBeTruthy()
    expect(screen.getByText('desc 1')).toBeTruthy()
  })

  it('collapses and expands the panel from its title, showing the count', () => {
    renderUi(<Screen />)
    const toggle = screen.getByRole('button', { name: /Hosts/ })
    expect(within(toggle.closest('header')!).getByText('25')).toBeTruthy()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('table')).toBeNull()
    fireEvent.click(toggle)
    expect(screen.getByRole('table', { name: 'Hosts' })).toBeTruthy()
  })

  it('makes state totals quick-filter buttons', () => {
    const onToggle = vi.fn()
    renderUi(
      <Screen
        stateTotals={[
          { key: 'down', label: 'Down', count: 4, variant: 'danger', active: true },
          { key: 'up', label: 'Up', count: 116, variant: 'success' },
        ]}
        onStateTotalToggle={onToggle}
      />,
    )
    const group = screen.getByRole('group', { name: 'State totals' })
    const down = within(group).getByRole('button', { name: /Down/ })
    expect(down.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(within(group).getByRole('button', { name: /Up/ }))
    expect(onToggle).toHaveBeenCalledWith('up')
  })

  it('selects only rows that allow the action and says why another cannot be selected (SPEC §4 multi-select)', () => {
    function Selecting() {
      const [selected, setSelected] = useState<Set<string>>(new Set())
      return (
        <Screen
          data={hosts.slice(0, 3)}
          selection={{
            selected,
            onChange: setSelected,
            canSelect: (h) => h.id !== 2,
            rejectedMessage: 'This host cannot have a ticket added.',
          }}
        />
      )
    }
    renderUi(<Selecting />)
    const [first, second] = bodyRows()
    fireEvent.click(within(first).getAllByRole('cell')[3])
    expect(within(first).getByRole('checkbox', { name: 'Select row' })).toHaveProperty('checked', true)
    expect(screen.getByText('1 selected')).toBeTruthy()
    fireEvent.click(within(second).getByRole('checkbox', { name: 'Select row' }))
    expect(screen.getByRole('alert').textContent).toContain('This host cannot have a ticket added.')
    expect(within(second).getByRole('checkbox', { name: 'Select row' })).toHaveProperty('checked', false)
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Select row' }))
    expect(screen.getByText('0 selected')).toBeTruthy()
  })

  it('downloads the CSV of every row the screen fetches, with the visible CSV columns', async () => {
    const blobs: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob)
      return 'blob:csv'
    })
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const fetchAllRows = vi.fn(async () => [{ id: 1, name: 'a,b', output: '', description: '' }])
    renderUi(<Screen fetchAllRows={fetchAllRows} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download CSV' })))
    expect(fetchAllRows).toHaveBeenCalledOnce()
    expect(click).toHaveBeenCalledOnce()
    const bytes = new Uint8Array(await blobs[0].arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // UTF-8 byte-order mark for spreadsheets
    expect(new TextDecoder().decode(bytes)).toBe('Host\r\n"a,b"\r\n')
    click.mockRestore()
  })

  it('says when the filter holds more rows than the CSV could take (SPEC §8 result caps: too many records)', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const two = [hosts[0], hosts[1]]
    const { unmount } = renderUi(<Screen total={2} fetchAllRows={async () => two} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download CSV' })))
    expect(screen.queryByText(/Too many records/)).toBeNull()
    unmount()
    renderUi(<Screen total={12000} fetchAllRows={async () => two} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download CSV' })))
    expect(screen.getByRole('status').textContent).toBe('Too many records: the CSV holds the first 2 of 12000.')
    expect(click).toHaveBeenCalledTimes(2)
    click.mockRestore()
  })
})
