// @vitest-environment jsdom
/** The shared timeline view (SPEC §2 "Timeline view", §4 "Timeline") rendered with its events given as a source. */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { feed, usePollingWhileOffline } from '../../../../src/app/feed/feed'
import { i18n } from '../../../../src/app/i18n/i18n'
import { AUTO_REFRESH_S } from '../../../../src/shared/constants'
import { Timeline } from '../../../../src/ui/timeline'
import type { TimelineSource } from '../../../../src/ui/timeline'
import type { EventList, EventsParams, TimelineEvent } from '../../../../src/shared/api/events'
import type { EventDelta } from '../../../../src/shared/feed'

const NOW = Math.floor(new Date(2026, 10, 23, 12, 0, 0).getTime() / 1000)
const at = (day: number, hour: number, minute = 0) => Math.floor(new Date(2026, 10, day, hour, minute).getTime() / 1000)

function event(id: number, display_time: number, extra: Partial<TimelineEvent> = {}): TimelineEvent {
  return {
    id,
    type: 'state_change',
    event_class: 'resource_check_event',
    subject_name: 'Disk /',
    host_name: 'web-01',
    hostgroup_id: 1,
    host_id: 1,
    resource_id: 2,
    risk_id: null,
    risk_plugin_id: null,
    start_time: display_time,
    end_time: null,
    display_time,
    display_day: '',
    index: 0,
    status: 'critical',
    state_type: 'HARD',
    is_flapping: false,
    data: {},
    message: `output ${id}`,
    comment: '',
    is_flexible: false,
    duration: null,
    user_id: null,
    user_full_name: '',
    username: '',
    ticket_id: null,
    solution: null,
    contact: null,
    command: null,
    action: null,
    extra_data: {},
    name: null,
    version: null,
    user: '',
    user_organization: '',
    user_email: '',
    ...extra,
  }
}

/** Events served the way GET events answers (SPEC §7), with every request recorded. */
function serve(events: TimelineEvent[], opts: { failMinId?: boolean } = {}) {
  const requests: EventsParams[] = []
  let live: ((d: EventDelta) => void) | undefined
  const source: TimelineSource = {
    key: ['test'],
    params: { host_id: 1 },
    async fetchEvents(q) {
      requests.push(q)
      if (q.min_id !== undefined && opts.failMinId) throw new Error('network down')
      const n = (k: keyof EventsParams) => (q[k] === undefined ? undefined : Number(q[k]))
      const rows = events
        .filter((e) => (n('start_time') ?? -Infinity) <= e.display_time && e.display_time <= (n('end_time') ?? Infinity))
        .filter((e) => q.no_future_events !== 'true' || e.start_time <= NOW || e.status === 'STOPPED')
        .filter((e) => n('min_id') === undefined || e.id > n('min_id')!)
        .filter((e) => q.only_hard !== 'true' || e.state_type !== 'SOFT')
        .sort((a, b) => b.display_time - a.display_time || b.id - a.id)
      const offset = n('offset') ?? 0
      return { result: rows.slice(offset, offset + (n('limit') ?? 50)), totalresults: rows.length, limited: false } satisfies EventList
    },
    subscribe(onEvent) {
      live = onEvent
      return () => (live = undefined)
    },
  }
  return { source, requests, push: (d: EventDelta) => act(() => live?.(d)) }
}

type Props = Parameters<typeof Timeline>[0]

/** The timeline polled the way the monitoring and map timeline pages poll it: only while the feed is down. */
function PolledWhileOffline(props: Props) {
  const pollMs = usePollingWhileOffline('timeline')
  return <Timeline {...props} pollMs={pollMs} />
}

function show(source: TimelineSource, props: Partial<Props> = {}, polled = false) {
  const calls = { pages: [] as number[], hidden: [] as string[][] }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const all: Props = {
    source,
    page: 1,
    onPageChange: (p) => calls.pages.push(p),
    hidden: [],
    onHiddenChange: (h) => calls.hidden.push(h),
    pollMs: false,
    now: () => NOW * 1000,
    ...props,
  }
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{polled ? <PolledWhileOffline {...all} /> : <Timeline {...all} />}</I18nextProvider>
    </QueryClientProvider>,
  )
  return calls
}

const panel = (name: string) => screen.getByRole('region', { name })
const delta = (e: TimelineEvent): EventDelta => ({
  kind: 'event',
  id: e.id,
  type: e.type,
  event_class: e.event_class,
  hostgroup_id: 1,
  host_id: 1,
  resource_id: 2,
  subject_name: e.subject_name,
  host_name: e.host_name,
  display_time: e.display_time,
  status: e.status,
  state_type: e.state_type,
  message: e.message,
})

afterEach(cleanup)

describe('timeline view (SPEC §2, §4)', () => {
  it('puts future maintenance not STOPPED in upcoming and everything else in past, with day separators and HARD/SOFT', async () => {
    const { source } = serve([
      event(5, at(24, 9), {
        type: 'downtime',
        status: 'SCHEDULED',
        event_class: 'host_event',
        resource_id: null,
        subject_name: 'web-01',
        end_time: at(24, 11),
      }),
      event(4, at(23, 11, 55), { status: 'warning', state_type: 'SOFT' }),
      event(3, at(23, 8)),
      event(2, at(21, 8), { status: 'ok' }),
    ])
    show(source)
    const upcoming = panel('Upcoming events')
    await within(upcoming).findByText('Scheduled')
    expect(within(upcoming).getByRole('heading', { level: 3 }).textContent).toBe('Tomorrow, 24-11-2026')
    const past = panel('Past events')
    await within(past).findByText('output 4')
    expect(
      within(past)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Today, 23-11-2026', 'Saturday, 21-11-2026'])
    // SPEC §4 "State events show the state lowercased", the state type as HARD or SOFT: the text as
    // written is what shows, as the badge has no upper-case transform here (tables keep theirs).
    const state = (output: string) => within(within(past).getByText(output).closest('li')!).getByText(/^(warning|critical)/)
    expect(state('output 4').textContent).toBe('warningSOFT')
    expect(state('output 3').textContent).toBe('criticalHARD')
    expect(state('output 3').className).not.toContain('text-uppercase')
    expect(within(past).getByLabelText('3 events').textContent).toBe('3')
  })

  it('highlights events under 600 s old as recent (SPEC §4)', async () => {
    show(serve([event(2, NOW - 300), event(1, NOW - 900)]).source)
    const recent = await screen.findByText('output 2')
    expect(within(recent.closest('li')!).getByText('Recent')).toBeTruthy()
    expect(within(screen.getByText('output 1').closest('li')!).queryByText('Recent')).toBeNull()
  })

  it('shows an empty panel with a 0 badge, a no-events message and its default range of one year (SPEC §2)', async () => {
    show(serve([event(1, NOW - 60)]).source)
    const upcoming = panel('Upcoming events')
    await within(upcoming).findByText('No events.')
    expect(within(upcoming).getByLabelText('0 events').textContent).toBe('0')
    expect(upcoming.textContent).toContain('now – in 1y')
    expect(upcoming.textContent).toContain('23-11-2026 12:00:00 – 23-11-2027 12:00:00')
  })

  it('shows past pagination only when the page is full or above 1 (SPEC §2)', async () => {
    const events = [event(3, NOW - 30), event(2, NOW - 20), event(1, NOW - 10)]
    const calls = show(serve(events).source, { pageSize: 3 })
    const past = panel('Past events')
    await within(past).findByText('output 1')
    const pages = within(past).getByRole('navigation', { name: 'Pages of past events' })
    expect((within(pages).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }))
    expect(calls.pages).toEqual([2])
    cleanup()
    show(serve(events).source, { pageSize: 4 })
    await within(panel('Past events')).findByText('output 1')
    expect(within(panel('Past events')).queryByRole('navigation')).toBeNull()
  })

  it('on a later page shows first and previous, and next only while full', async () => {
    const events = Array.from({ length: 5 }, (_, i) => event(i + 1, NOW - 100 + i))
    const calls = show(serve(events).source, { pageSize: 3, page: 2 })
    const past = panel('Past events')
    await within(past).findByText('output 1')
    expect(within(past).getByLabelText('Page 2').textContent).toBe('2')
    expect((within(past).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(past).getByRole('button', { name: 'First page' }))
    expect(calls.pages).toEqual([1])
  })

  it('adds a live event on page 1 by fetching the events newer than the highest id seen (SPEC §2 auto-refresh)', async () => {
    const events = [event(7, NOW - 600), event(3, NOW - 700)]
    const served = serve(events)
    show(served.source)
    await screen.findByText('output 7')
    const fresh = event(8, NOW - 5, { status: 'down', event_class: 'host_event', resource_id: null, subject_name: 'web-01' })
    events.push(fresh)
    served.push(delta(fresh))
    await within(panel('Past events')).findByText('output 8')
    expect(served.requests.at(-1)).toMatchObject({ min_id: 7, host_id: 1 })
  })

  it('fetches newer events every SPEC §9 timeline interval (10 s) while the feed is down, and not while it is live', async () => {
    // Only intervals are faked: the queries and waitFor keep their real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const events = [event(7, NOW - 600)]
      const served = serve(events)
      show(served.source, {}, true)
      await screen.findByText('output 7')
      events.push(event(8, NOW - 5, { message: 'output 8' }))
      const before = served.requests.length
      act(() => void vi.advanceTimersByTime(AUTO_REFRESH_S.timeline * 1000 - 1))
      expect(served.requests.length).toBe(before)
      act(() => void vi.advanceTimersByTime(1))
      await within(panel('Past events')).findByText('output 8')
      expect(served.requests.slice(before)).toEqual([expect.objectContaining({ min_id: 7, host_id: 1 })])

      act(() => feed.state.setState({ status: 'open' }))
      act(() => void vi.advanceTimersByTime(AUTO_REFRESH_S.timeline * 1000 * 3))
      expect(served.requests.length).toBe(before + 1)
    } finally {
      feed.state.setState({ status: 'closed' })
      vi.useRealTimers()
    }
  })

  it('does not fetch new events on a later page', async () => {
    const served = serve([event(2, NOW - 50), event(1, NOW - 60)])
    show(served.source, { page: 2, pageSize: 1 })
    await screen.findByText('output 1')
    const before = served.requests.length
    served.push(delta(event(9, NOW)))
    expect(served.requests.length).toBe(before)
  })

  it('stops auto-refresh when a fetch fails (SPEC §2)', async () => {
    const served = serve([event(2, NOW - 50)], { failMinId: true })
    show(served.source)
    await screen.findByText('output 2')
    served.push(delta(event(3, NOW)))
    await screen.findByText('Auto-refresh stopped: new events could not be fetched.')
    const after = served.requests.length
    served.push(delta(event(4, NOW)))
    await waitFor(() => expect(served.requests.length).toBe(after))
  })

  it('switches state quick filters off and asks only for HARD events then (SPEC §4 default state filters)', async () => {
    const served = serve([event(2, NOW - 50, { state_type: 'SOFT' }), event(1, NOW - 60)])
    const calls = show(served.source)
    const chips = screen.getByRole('group', { name: 'Event filters' })
    expect(within(chips).getByRole('button', { name: 'Soft state' }).getAttribute('aria-pressed')).toBe('true')
    expect(within(chips).getByRole('button', { name: 'Flapping' }).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(within(chips).getByRole('button', { name: 'Soft state' }))
    expect(calls.hidden).toEqual([['soft_state']])
    cleanup()
    show(served.source, { hidden: ['soft_state'] })
    await screen.findByText('output 1')
    expect(screen.queryByText('output 2')).toBeNull()
    expect(served.requests.at(-1)).toMatchObject({ only_hard: 'true' })
  })
})
