/**
 * Issue 19 Dashboard (SPEC §2 /dashboard): each user's widget layout, the organization default its administrators
 * set (hostgroup_write, SPEC §6; audited), SPEC §8 validation errors that write nothing, and tenant isolation: a
 * layout is its owner's only, and a graph pinned from another organization's resource shows none of its data.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq } from '../helpers/api'

const LAYOUT = '/api/v1/dashboard/layout'
const orgLayout = (id: number) => `/api/v1/dashboard/organizations/${id}/layout`
const BUILTIN = ['totals', 'problems', 'maps', 'timeline']

describe.each(DATABASES)('dashboard layouts on %s', (db) => {
  const {
    server,
    addUser,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  const rows = () => server.vigil.store.db.selectFrom('dashboard_layouts').selectAll().orderBy('id').execute()

  it('starts from the built-in layout and keeps what a user saves, reordered and resized, for that user only', async () => {
    const user = await addUser(a, 'operator')
    const first = await user.api.get(LAYOUT)
    expect([first.status, first.body.source, first.body.widgets.map((w: { kind: string }) => w.kind)]).toEqual([200, 'builtin', BUILTIN])
    const widgets = [
      { id: 'timeline', kind: 'timeline', size: 'large' },
      { id: 'totals', kind: 'totals', size: 'small' },
    ]
    const saved = await user.api.put(LAYOUT, { widgets })
    expect([saved.status, saved.body.source, saved.body.widgets]).toEqual([200, 'user', widgets])
    expect((await user.api.get(LAYOUT)).body.widgets).toEqual(widgets)
    // Another user of the same organization still sees the built-in layout.
    expect((await (await addUser(a, 'operator')).api.get(LAYOUT)).body.source).toBe('builtin')
  })

  it('shows the organization default to users without their own, set only by its administrators and audited', async () => {
    const org = await addUser(a, 'operator')
    const engineer = await addUser(a, 'engineer')
    const widgets = [{ id: 'problems', kind: 'problems', size: 'large' }]
    const before = await rows()
    const refused = await engineer.api.put(orgLayout(a.organizationId), { widgets })
    expect([refused.status, refused.body.error.key, refused.body.error.extra_info.action]).toEqual([403, 'unauthorized', 'hostgroup_write'])
    expect(await rows()).toEqual(before)

    const set = await a.api.put(orgLayout(a.organizationId), { widgets })
    expect([set.status, set.body]).toEqual([200, { widgets }])
    const seen = await org.api.get(LAYOUT)
    expect([seen.body.source, seen.body.widgets]).toEqual(['organization', widgets])
    const audit = await a.api.get(`/api/v1/events?types=audit_log&organization_id=${a.organizationId}`)
    expect(audit.body.result.some((e: { event_class: string }) => e.event_class === 'dashboard_layout_audit')).toBe(true)

    // A user's own layout wins over the default; resetting it follows the default again.
    await org.api.put(LAYOUT, { widgets: [{ id: 'maps', kind: 'maps', size: 'small' }] })
    expect((await org.api.get(LAYOUT)).body.source).toBe('user')
    const reset = await org.api.del(LAYOUT)
    expect([reset.status, reset.body.source, reset.body.widgets]).toEqual([200, 'organization', widgets])
  })

  it('answers validation_failed (SPEC §8) naming the field for a bad layout, and writes nothing', async () => {
    const user = await addUser(a, 'operator')
    await user.api.put(LAYOUT, { widgets: [{ id: 'totals', kind: 'totals', size: 'small' }] })
    const before = await rows()
    const cases: [unknown, string][] = [
      [{ widgets: [{ id: 'x', kind: 'weather', size: 'small' }] }, 'body.widgets.0.kind'],
      [{ widgets: [{ id: 'x', kind: 'totals', size: 'huge' }] }, 'body.widgets.0.size'],
      [{ widgets: [{ id: 'x', kind: 'graph', size: 'small', key: 'rta' }] }, 'body.widgets.0.resource_id'],
      [{ widgets: [{ id: 'Not an id!', kind: 'maps', size: 'small' }] }, 'body.widgets.0.id'],
      [
        {
          widgets: [
            { id: 'same', kind: 'maps', size: 'small' },
            { id: 'same', kind: 'totals', size: 'small' },
          ],
        },
        'body.widgets.1.id',
      ],
      [{ widgets: Array.from({ length: 25 }, (_, i) => ({ id: `w${i}`, kind: 'totals', size: 'small' })) }, 'body.widgets'],
    ]
    for (const [body, field] of cases) {
      for (const r of [await user.api.put(LAYOUT, body), await a.api.put(orgLayout(a.organizationId), body)]) {
        expect([r.status, r.body.error.key]).toEqual([400, 'validation_failed'])
        expect(r.body.error.extra_info.field).toBe(field)
      }
    }
    expect(await rows()).toEqual(before)
  })

  it("keeps organizations apart: no other organization's default is set, seen or named", async () => {
    const widgets = [{ id: 'maps', kind: 'maps', size: 'large' }]
    const before = await rows()
    const r = await b.api.put(orgLayout(a.organizationId), { widgets })
    expect([r.status, r.body.error.key]).toEqual([404, 'organization_not_found'])
    expect(await rows()).toEqual(before)
    await b.api.put(orgLayout(b.organizationId), { widgets })
    const ofA = await addUser(a, 'operator')
    expect((await ofA.api.get(LAYOUT)).body.widgets).not.toEqual(widgets)
  })

  it('stores a graph pinned from a resource the user cannot see, and that resource answers as absent', async () => {
    const hostName = uniq('dash-host')
    const host = (await a.api.post('/api/v1/hosts/', { name: hostName, hostgroup_id: a.environmentId, check_type: '1' })).body
    const resource = (await a.api.post('/api/v1/resources/', { host_id: host.id, name: uniq('dash-res'), check_type: '1' })).body
    const widgets = [{ id: 'pinned', kind: 'graph', size: 'medium', resource_id: resource.id, key: 'rta' }]
    const saved = await b.api.put(LAYOUT, { widgets })
    expect([saved.status, saved.body.widgets]).toEqual([200, widgets])
    // What the dashboard reads for the widget: the same 404 as for a resource that does not exist (SECURITY.md).
    for (const path of [`/api/v1/resources/${resource.id}`, `/api/v1/resources/${resource.id}/perfdata`]) {
      const r = await b.api.get(path)
      expect(r.status).toBe(404)
      expect(JSON.stringify(r.body)).not.toContain(hostName)
    }
  })
})
