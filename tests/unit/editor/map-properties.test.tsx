// @vitest-environment jsdom
/**
 * Map properties after creation (SPEC §3 Map fields, SPEC §5 Add map rules and messages): the form refuses
 * what SPEC §5 refuses, with its messages, and saves the rest with PUT maps/:id.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storeUrlToken } from '../../../src/app/guard/token'
import { MapProperties } from '../../../src/editor/components/MapProperties'
import type { MapInfo } from '../../../src/shared/api/maps'
import { renderUi } from '../ui/render'

const MAP: MapInfo = {
  id: 7,
  name: 'Core network',
  alias: 'Core network',
  description: 'Routers',
  tags: ['core'],
  hostgroup_id: 3,
  hostgroup_name: 'prod',
  hostgroup_alias: 'Production',
  environment: 'prod',
  layout: 2,
  use_hard_state: false,
  status: 'draft',
  version: null,
  versions: 0,
  has_unpublished_changes: true,
  resolution: { width: 1920, height: 1080 },
  background: { colour: '#ffffff', image_id: null },
  lock: null,
  locked_by_someone: false,
  allowed_actions: ['write'],
  slideshows: [],
  map_state: 0,
  generated: false,
  created_time: 1,
  updated_time: 1,
}

/** The requests the form sends, answered as the server would (the body's fields on the map). */
let requests: { url: string; method: string; body: unknown }[]
beforeEach(() => {
  storeUrlToken('token-1')
  requests = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Partial<MapInfo>
    requests.push({ url, method: init.method!, body })
    return new Response(JSON.stringify({ ...MAP, ...body }), { status: 200, headers: { 'content-type': 'application/json' } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save properties' }))

describe('map properties (SPEC §3, §5)', () => {
  it('refuses an empty name with "This field is mandatory." and a missing layout with "select layout", sending nothing', () => {
    renderUi(<MapProperties map={MAP} onSaved={() => {}} onClose={() => {}} />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Layout'), { target: { value: '' } })
    submit()
    expect(screen.getByText('This field is mandatory.')).toBeTruthy()
    expect(screen.getAllByText('select layout').length).toBeGreaterThan(0)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x' } })
    expect(screen.getByText('At least 2 characters.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'a'.repeat(51) } })
    expect(screen.getByText('At most 50 tags, each up to 50 characters.')).toBeTruthy()
    expect(requests).toEqual([])
  })

  it('saves alias, description, tags, layout and use_hard_state with PUT maps/:id', async () => {
    const onSaved = vi.fn()
    renderUi(<MapProperties map={MAP} onSaved={onSaved} onClose={() => {}} />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Core network EU' } })
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: ' Routers and switches ' } })
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'core, eu, ,' } })
    fireEvent.change(screen.getByLabelText('Layout'), { target: { value: '3' } })
    fireEvent.click(screen.getByLabelText('Use hard states'))
    submit()
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(requests).toEqual([
      {
        url: '/api/v1/maps/7',
        method: 'PUT',
        body: { alias: 'Core network EU', description: 'Routers and switches', tags: ['core', 'eu'], layout: 3, use_hard_state: true },
      },
    ])
    expect(onSaved.mock.calls[0][0]).toMatchObject({ alias: 'Core network EU', layout: 3 })
  })
})
