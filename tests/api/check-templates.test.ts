/**
 * Issue 13 "Targets": `send` and `content_regex` are server-admin-defined templates for others. Server admins
 * write /check-templates; a customer's engineer reaches send/expect only by naming a template their
 * organization may use, and the engine runs the template's fields as they are at the time of the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq } from '../helpers/api'
import { LOOPBACK, tcpServer, type Listening } from '../fixtures/loopback'

describe.each(DATABASES)('check templates, on %s', (db) => {
  const {
    server,
    admin,
    tenants: { engineer, other },
  } = useApiSuite(db, { env: { VIGIL_ENGINE: '1' }, tenants: { engineer: 'engineer', other: 'engineer' } })
  let hostId: number
  let echo: Listening
  const HELLO = { send: 'hello\n', expect: 'ECHO hello' }
  const templates = async () => server.vigil.store.db.selectFrom('check_templates').selectAll().orderBy('id').execute()
  const resourceCount = async () =>
    Number(
      (
        await server.vigil.store.db
          .selectFrom('resources')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const make = async (body: Record<string, unknown>) => {
    const r = await admin.post('/api/v1/check-templates/', body)
    expect([r.status, r.body.error]).toEqual([201, undefined])
    return r.body
  }

  beforeAll(async () => {
    hostId = (
      await engineer.api.post('/api/v1/hosts/', {
        name: uniq('eng-host'),
        hostgroup_id: engineer.environmentId,
        ip_address: '192.0.2.10',
        check_type: '1',
      })
    ).body.id
    echo = await tcpServer((socket) => socket.on('data', (data) => socket.write(`ECHO ${data}`)))
  })
  afterAll(() => echo.close())

  it("refuses a customer's engineer every template write, and writes nothing", async () => {
    const mine = await make({ name: uniq('tpl'), kind: 'tcp', fields: HELLO })
    const before = await templates()
    const attempts = [
      await engineer.api.post('/api/v1/check-templates/', { name: uniq('tpl'), kind: 'tcp', fields: { send: 'CONFIG GET *\r\n' } }),
      await engineer.api.put(`/api/v1/check-templates/${mine.id}`, { fields: { send: 'FLUSHALL\r\n' } }),
      await engineer.api.del(`/api/v1/check-templates/${mine.id}`),
    ]
    for (const r of attempts) expect([r.status, r.body.error?.key]).toEqual([403, 'unauthorized'])
    expect(await templates()).toEqual(before)
  })

  it("still refuses a customer's engineer setting send directly", async () => {
    const r = await engineer.api.post('/api/v1/resources/', {
      host_id: hostId,
      name: 'redis',
      check: { kind: 'tcp', config: { port: 6379, send: 'PING\r\n' } },
    })
    expect(r.status).toBe(403)
    expect(r.body.error).toMatchObject({ key: 'unauthorized', extra_info: { field: 'check.config.send' } })
  })

  it("lets a customer's engineer save a tcp check naming a server admin's template, and shows them the template", async () => {
    const name = uniq('tpl')
    await make({ name, kind: 'tcp', fields: HELLO, description: 'says hello' })
    const r = await engineer.api.post('/api/v1/resources/', {
      host_id: hostId,
      name: 'hello',
      check: { kind: 'tcp', config: { port: 7, template: name } },
    })
    expect([r.status, r.body.error]).toEqual([201, undefined])
    const listed = (await engineer.api.get('/api/v1/check-templates/')).body.items
    expect(listed).toContainEqual(
      expect.objectContaining({ name, kind: 'tcp', description: 'says hello', fields: HELLO, organization_id: null }),
    )
  })

  it('refuses an unknown template, one of another kind and one of another organization, naming check.config.template', async () => {
    const http = uniq('tpl')
    const theirs = uniq('tpl')
    await make({ name: http, kind: 'http', fields: { content_regex: 'ready' } })
    await make({ name: theirs, kind: 'tcp', fields: HELLO, organization_id: other.organizationId })
    const count = await resourceCount()
    for (const template of [uniq('nope'), http, theirs]) {
      const r = await engineer.api.post('/api/v1/resources/', {
        host_id: hostId,
        name: uniq('r'),
        check: { kind: 'tcp', config: { port: 7, template } },
      })
      expect(r.status).toBe(400)
      expect(r.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'check.config.template' } })
    }
    expect(await resourceCount()).toBe(count)
    // The other organization's template is not listed to this one, but is to its own.
    expect((await engineer.api.get('/api/v1/check-templates/')).body.items.map((t: { name: string }) => t.name)).not.toContain(theirs)
    expect((await other.api.get('/api/v1/check-templates/')).body.items.map((t: { name: string }) => t.name)).toContain(theirs)
  })

  it("validates a template's fields by its kind's own configuration, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'tcp', fields: { send: 42 } }, 'fields.send'],
      [{ kind: 'tcp', fields: { host: '10.0.0.1' } }, 'fields.host'],
      [{ kind: 'http', fields: { content_regex: '(' } }, 'fields.content_regex'],
      [{ kind: 'ping', fields: {} }, 'kind'],
    ]
    const before = await templates()
    for (const [body, field] of cases) {
      const r = await admin.post('/api/v1/check-templates/', { name: uniq('bad'), ...body })
      expect(r.status).toBe(400)
      expect(r.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field } })
    }
    expect(await templates()).toEqual(before)
  })

  it('refuses deleting or renaming a template in use, naming how many checks use it; deletes it once unused', async () => {
    const tpl = await make({ name: uniq('tpl'), kind: 'tcp', fields: HELLO })
    const res = (
      await engineer.api.post('/api/v1/resources/', {
        host_id: hostId,
        name: uniq('r'),
        check: { kind: 'tcp', config: { port: 7, template: tpl.name } },
      })
    ).body
    for (const r of [
      await admin.del(`/api/v1/check-templates/${tpl.id}`),
      await admin.put(`/api/v1/check-templates/${tpl.id}`, { name: uniq('renamed') }),
    ]) {
      expect(r.status).toBe(400)
      expect(r.body.error).toMatchObject({ key: 'invalid_operation', extra_info: { checks: 1 } })
    }
    expect((await templates()).find((t) => t.id === tpl.id)?.name).toBe(tpl.name)
    expect((await engineer.api.put(`/api/v1/resources/${res.id}`, { check: { kind: 'tcp', config: { port: 7 } } })).status).toBe(200)
    expect((await admin.del(`/api/v1/check-templates/${tpl.id}`)).status).toBe(204)
    const audit = await server.vigil.store.db
      .selectFrom('events')
      .select(['status', 'extra_data'])
      .where('type', '=', 'audit_log')
      .where('extra_data', 'like', `%"subject":"check_template"%`)
      .execute()
    expect(audit.filter((e) => e.extra_data.includes(`"${tpl.name}"`)).map((e) => e.status)).toEqual(['CREATED', 'DELETED'])
  })

  it("runs a check with its template's send/expect, and with the edited ones after the template changes", async () => {
    const tpl = await make({ name: uniq('tpl'), kind: 'tcp', fields: HELLO })
    // A server admin's loopback host: trusted, so the target policy lets the engine reach the test's server.
    const local = (
      await admin.post('/api/v1/hosts/', {
        name: uniq('local'),
        hostgroup_id: engineer.environmentId,
        ip_address: LOOPBACK,
        check_type: '1',
      })
    ).body
    const res = (
      await admin.post('/api/v1/resources/', {
        host_id: local.id,
        name: 'echo',
        check: { kind: 'tcp', config: { port: echo.port, template: tpl.name } },
      })
    ).body
    const output = async (previous?: string) => {
      for (let i = 0; i < 200; i++) {
        const r = (await admin.get(`/api/v1/resources/${res.id}`)).body
        if (r.state !== 'pending' && r.plugin_output !== previous) return r.plugin_output as string
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`the check never ran: ${JSON.stringify((await admin.get(`/api/v1/resources/${res.id}`)).body)}`)
    }
    const first = await output()
    expect(first).toContain('[ECHO hello]')
    expect((await admin.put(`/api/v1/check-templates/${tpl.id}`, { fields: { send: 'bye\n', expect: 'PONG' } })).status).toBe(200)
    expect((await admin.post(`/api/v1/resources/${res.id}/reschedule`, {})).status).toBe(200)
    expect(await output(first)).toContain('expected "PONG", got "ECHO bye"')
  })
})
