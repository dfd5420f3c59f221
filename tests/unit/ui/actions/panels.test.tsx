// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Acknowledgement } from '../../../../src/shared/api/acknowledgements'
import type { Downtime } from '../../../../src/shared/api/downtimes'
import { AcknowledgementsView } from '../../../../src/ui/actions/AcknowledgementsView'
import { AcknowledgePanel } from '../../../../src/ui/actions/AcknowledgePanel'
import { CloseTicketPanel } from '../../../../src/ui/actions/CloseTicketPanel'
import { CreateTicketPanel } from '../../../../src/ui/actions/CreateTicketPanel'
import { MaintenancePanel } from '../../../../src/ui/actions/MaintenancePanel'
import { MaintenanceView } from '../../../../src/ui/actions/MaintenanceView'
import { TicketView } from '../../../../src/ui/actions/TicketView'
import { renderUi } from '../render'

const host = { host_id: 1, host_name: 'web01' }
const resource = { host_id: 1, host_name: 'web01', resource_id: 11, resource_name: 'disk' }
const now = () => new Date(2025, 5, 10, 14, 7, 30)
const unix = (d: Date) => Math.floor(d.getTime() / 1000)
const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement

describe('action panels (SPEC §2 Action panels, §5 validation)', () => {
  afterEach(cleanup)

  it('acknowledge: refuses an empty comment with the SPEC §5 text, then sends sticky and the other options', async () => {
    const onSubmit = vi.fn()
    renderUi(<AcknowledgePanel targets={[host]} onSubmit={onSubmit} onClose={() => {}} />)
    fireEvent.change(textbox('Comment'), { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }))
    expect(screen.getByText('A comment is required.')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
    fireEvent.change(textbox('Comment'), { target: { value: 'looking' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Sticky: until OK/UP again' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Notify contacts' }))
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith([
        {
          host_id: 1,
          host_name: 'web01',
          comment: 'looking',
          persistent: true,
          notify: true,
          expire_time: null,
          persistent_comment: false,
        },
      ]),
    )
  })

  it('maintenance: default range now → +2 h, duration disabled unless flexible, messages of SPEC §5', async () => {
    const onSubmit = vi.fn()
    renderUi(<MaintenancePanel targets={[host]} onSubmit={onSubmit} onClose={() => {}} now={now} />)
    expect(textbox('Start').value).toBe('10-06-2025 14:07:00')
    expect(textbox('End').value).toBe('10-06-2025 16:07:00')
    const duration = screen.getByRole('spinbutton', { name: 'Duration (minutes)' }) as HTMLInputElement
    expect(duration.disabled).toBe(true)
    expect(screen.queryByRole('checkbox', { name: 'Apply to the host' })).toBeNull()

    fireEvent.click(screen.getByRole('radio', { name: 'Flexible' }))
    expect(duration.disabled).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(screen.getByText('Duration is required for flexible maintenance.')).toBeTruthy()
    expect(screen.getByText('A comment is required.')).toBeTruthy()

    fireEvent.click(screen.getByRole('radio', { name: 'Next (minutes)' }))
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Minutes from now' }), { target: { value: '0' } })
    fireEvent.change(textbox('Comment'), { target: { value: 'patching' } })
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(screen.getByText('The "next" value is invalid. It has to be a positive integer value.')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Minutes from now' }), { target: { value: '30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith([
        expect.objectContaining({
          host_id: 1,
          start_time: unix(now()),
          end_time: unix(now()) + 1800,
          comment: 'patching',
          set_to_host_checkbox: true,
        }),
      ]),
    )
  })

  it('maintenance: a preset sets the range, a start in the past is refused, flexible sends seconds', async () => {
    const onSubmit = vi.fn()
    renderUi(<MaintenancePanel targets={[resource]} onSubmit={onSubmit} onClose={() => {}} now={now} />)
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }))
    expect(textbox('End').value).toBe('17-06-2025 14:07:00')
    fireEvent.change(textbox('Start'), { target: { value: '10-06-2025 14:00:00' } })
    fireEvent.change(textbox('Comment'), { target: { value: 'window' } })
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(screen.getByText('The start cannot be before the current minute.')).toBeTruthy()
    fireEvent.change(textbox('Start'), { target: { value: '10-06-2025 15:00:00' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Flexible' }))
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Duration (minutes)' }), { target: { value: '90' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Apply to the host' }))
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith([
        {
          host_id: 1,
          host_name: 'web01',
          resource_id: 11,
          resource_name: 'disk',
          start_time: unix(new Date(2025, 5, 10, 15)),
          end_time: unix(new Date(2025, 5, 17, 14, 7)),
          comment: 'window',
          is_flexible: true,
          duration: 5400,
          set_to_host_checkbox: true,
        },
      ]),
    )
  })

  it('date-range picker: calendar weeks start on Monday and a picked day keeps the time', () => {
    renderUi(<MaintenancePanel targets={[host]} onSubmit={() => {}} onClose={() => {}} now={now} />)
    fireEvent.click(screen.getByRole('button', { name: 'Choose Start in a calendar' }))
    const grid = screen.getByRole('table', { name: /^Start, / })
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'])
    fireEvent.click(within(grid).getByRole('button', { name: '12-06-2025' }))
    expect(textbox('Start').value).toBe('12-06-2025 14:07:00')
    const minutes = within(screen.getByRole('combobox', { name: 'Start minute' }))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(minutes.filter((m) => m !== '07')).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55'])
    fireEvent.change(screen.getByRole('combobox', { name: 'Start hour' }), { target: { value: '23' } })
    expect(textbox('Start').value).toBe('12-06-2025 23:07:00')
  })

  it('view acknowledgements: shows the acknowledgements of the API and removes them', () => {
    const onRemove = vi.fn()
    const ack: Acknowledgement = {
      id: 1,
      host_id: 1,
      host_name: 'web01',
      resource_id: null,
      resource_name: null,
      comment: 'on it',
      persistent: true,
      notify: false,
      expire_time: null,
      persistent_comment: false,
      username: 'ann',
      user_full_name: 'Ann Smith',
      created_time: unix(new Date(2025, 5, 10, 9, 30)),
      ended_time: null,
      end_reason: '',
    }
    renderUi(<AcknowledgementsView subject="web01" acknowledgements={[ack]} onRemove={onRemove} onClose={() => {}} />)
    expect(screen.getByRole('heading', { name: 'Acknowledgements of web01' })).toBeTruthy()
    expect(screen.getByText('on it')).toBeTruthy()
    expect(screen.getByText(/Ann Smith · 10-06-2025 09:30:00/)).toBeTruthy()
    expect(screen.getByText('Sticky')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Remove acknowledgement' }))
    expect(onRemove).toHaveBeenCalledOnce()
  })

  it('view maintenance: remove all asks for confirmation first (SPEC §8)', () => {
    const onRemoveAll = vi.fn()
    const downtime: Downtime = {
      id: 1,
      host_id: 1,
      host_name: 'web01',
      resource_id: null,
      resource_name: null,
      start_time: unix(now()),
      end_time: unix(now()) + 3600,
      is_flexible: true,
      duration: 1800,
      comment: 'patch',
      status: 'SCHEDULED',
      actual_start: null,
      actual_end: null,
      username: 'ann',
      user_full_name: 'Ann Smith',
      created_time: unix(now()),
    }
    renderUi(<MaintenanceView subject="web01" downtimes={[downtime]} onRemoveAll={onRemoveAll} onClose={() => {}} />)
    expect(screen.getByText('10-06-2025 14:07:30 – 10-06-2025 15:07:30')).toBeTruthy()
    expect(screen.getByText('Flexible, 30 minutes')).toBeTruthy()
    expect(screen.getByText('Scheduled')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Remove all maintenance' }))
    expect(onRemoveAll).not.toHaveBeenCalled()
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm removal' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(onRemoveAll).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Remove all maintenance' }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove all' }))
    expect(onRemoveAll).toHaveBeenCalledOnce()
  })

  it('create ticket: titled with host and resource, read-only description and priority, one payload per subject', async () => {
    const onSubmit = vi.fn()
    renderUi(
      <CreateTicketPanel
        subjects={[{ name: 'web01', host_id: 1, resource_id: 11, resource_name: 'disk' }]}
        ticketInfo={{ description: 'Disk full', priorityName: 'P2' }}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Create ticket for web01 – disk' })).toBeTruthy()
    expect(textbox('Description').readOnly).toBe(true)
    expect(textbox('Priority').value).toBe('P2')
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(screen.getByText('A comment is required.')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
    fireEvent.change(textbox('Comment'), { target: { value: 'please' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith([{ host_id: 1, resource_id: 11, comment: 'please' }]))
  })

  it('close ticket: a comment is required (validation_failed)', async () => {
    const onSubmit = vi.fn()
    renderUi(<CloseTicketPanel subject={{ name: 'web01', host_id: 1 }} ticketId="T-9" onSubmit={onSubmit} onClose={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Close ticket' }))
    expect(screen.getByText('A comment is required.')).toBeTruthy()
    fireEvent.change(textbox('Comment'), { target: { value: 'solved' } })
    fireEvent.click(screen.getByRole('button', { name: 'Close ticket' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith([{ host_id: 1, ticket_id: 'T-9', comment: 'solved' }]))
  })

  it('view ticket: shows the fields and links only to a safe ticket service address', () => {
    renderUi(
      <TicketView
        subject="web01"
        ticket={{
          ticket_id: 'T-2',
          ticket_ids: ['T-1', 'T-2'],
          web_url: 'https://desk.example/T-2',
          workflowStateName: 'Open',
          supportGroupName: 'NOC',
          assigneeName: 'Ann',
          priorityName: 'P1',
          provider: 'vigil',
          description: 'Down',
          details: '<b>not html</b>',
          ticket_links: [{ id: 'T-1', web_url: 'javascript:alert(1)' }],
        }}
        onClose={() => {}}
      />,
    )
    expect(screen.getByRole('link', { name: 'Ticket T-2' }).getAttribute('href')).toBe('https://desk.example/T-2')
    expect(screen.queryByRole('link', { name: 'Ticket T-1' })).toBeNull()
    for (const text of ['Open', 'NOC', 'Ann', 'P1', 'vigil', 'Down', '<b>not html</b>']) expect(screen.getByText(text)).toBeTruthy()
  })
})
