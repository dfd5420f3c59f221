// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { monitoringKeys } from '../../../src/monitoring/api'
import { RowDetails } from '../../../src/monitoring/components/RowDetails'
import { SearchResults } from '../../../src/monitoring/components/SearchResults'
import { renderUi } from '../ui/render'
import { hostRow, resourceRow } from './rows'

afterEach(cleanup)

const NOW_MS = 1_700_000_300_000

/** The child badges read the query cache; the test fills it, as a finished fetch would. */
function withData(children: ReactNode, fill: (client: QueryClient) => void = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  fill(client)
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  )
}

const field = (name: string) => screen.getByText(name).nextElementSibling as HTMLElement

describe('expanded row (SPEC §2 host table)', () => {
  it('shows the monitoring IP, dashes for what is empty, the next check, child badges and a bold recent age', () => {
    const host = hostRow({ last_state_change: NOW_MS / 1000 - 120, parents: ['core-sw'] })
    renderUi(
      withData(<RowDetails row={host} now={NOW_MS} />, (c) =>
        c.setQueryData(monitoringKeys.children('web-01'), {
          result: [
            { hosttype: 'linux', totalresults: 4, result: [{ name: 'app-1' }, { name: 'app-2' }, { name: 'app-3' }, { name: 'app-4' }] },
          ],
        }),
      ),
    )
    expect(field('Monitoring IP').textContent).toBe('10.0.0.1')
    expect(field('Extended output').textContent).toBe('—')
    expect(within(field('Parent hosts')).getByRole('link', { name: 'core-sw' }).getAttribute('href')).toBe(
      '/monitoring/hosts/core-sw/resources',
    )
    expect(within(field('Child hosts')).getByRole('link').textContent).toContain('linux (4): app-1, app-2, app-3…')
    expect(screen.getByText('Next check')).toBeTruthy()
    expect(within(field('Age')).getByText('2m').className).toContain('fw-bold')
  })

  it('hides the next check of a passive check and marks a stale last check in danger colour', () => {
    const resource = resourceRow({ check_type: '1', is_stale: true, last_state_change: NOW_MS / 1000 - 3600 })
    renderUi(withData(<RowDetails row={resource} now={NOW_MS} />))
    expect(screen.queryByText('Next check')).toBeNull()
    const lastCheck = field('Last check')
    expect(within(lastCheck).getByText('Stale').className).toContain('text-bg-danger')
    expect(lastCheck.firstElementChild!.className).toContain('text-danger')
    expect(within(field('Age')).getByText('1h').className).not.toContain('fw-bold')
  })
})

describe('search results (SPEC §2 search modal)', () => {
  it('says when the hits are limited and shows host, environment and description with a jump-to menu', () => {
    const bucket = {
      key: 'host' as const,
      doc_count: 120,
      hits: [{ id: 1, name: 'web-01', hostgroup_alias: 'Production', description: 'front end', state: 'up', has_asset_data: false }],
    }
    renderUi(withData(<SearchResults type="host" bucket={bucket} onJump={() => {}} anyHits={false} />))
    expect(screen.getByText('Showing the first 1 of 120 results.')).toBeTruthy()
    const row = screen.getAllByRole('row')[1]
    expect(within(row).getByRole('link', { name: 'web-01' }).getAttribute('href')).toBe('/monitoring/hosts/web-01/resources')
    expect(within(row).getByText('Production')).toBeTruthy()
    expect(within(row).getByRole('button', { name: 'Jump to' })).toBeTruthy()
  })

  it('links each map hit to its map (SPEC §2 "The map table shows maps")', () => {
    const bucket = {
      key: 'map' as const,
      doc_count: 1,
      hits: [{ id: 7, name: 'core', alias: 'Core network', hostgroup_name: 'Local site' }],
    }
    renderUi(withData(<SearchResults type="map" bucket={bucket} onJump={() => {}} anyHits={false} />))
    expect(screen.getByRole('link', { name: 'Core network' }).getAttribute('href')).toBe('/maps/Local%20site/core')
  })

  it('shows "Nothing matched your search criteria." for an empty tab', () => {
    renderUi(withData(<SearchResults type="map" bucket={{ key: 'map', doc_count: 0, hits: [] }} onJump={() => {}} anyHits={false} />))
    expect(screen.getByText('Nothing matched your search criteria.')).toBeTruthy()
  })
})
