/**
 * Issue 8: the OpenAPI document at /api/v1/openapi.json is complete and true. It lists exactly the routes the
 * server answers (compared with Fastify's route table), every operation documents a success response with a JSON schema (or a 204 without a body), and the calls answer the status the
 * document gives them. Runs on SQLite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, type Res } from '../helpers/api'

/**
 * Server routes that are not part of the API and so not in the document, each with its reason. Anything else
 * the server answers must be documented.
 */
const UNDOCUMENTED: Record<string, string> = {
  'GET /api/v1/openapi.json': 'the document itself',
  'GET /api/v1/feed': 'the WebSocket feed (SPEC §7 feed), which OpenAPI 3.0 cannot describe',
  'GET /assets/:file': 'the built UI (when dist/ exists), not the API',
  'GET *': 'the built UI (when dist/ exists), not the API',
  'GET /oauth_redirect': "the cloud directory login's return address (issue 16), a redirect into the UI, not the API",
}

/** A path with its parameter names dropped: `/hosts/:id` and `/hosts/{id}` both become `/hosts/{}`. */
const shape = (path: string) => path.replace(/:[^/]+|\{[^}]+\}/g, '{}').replace(/\/$/, '')

/**
 * "METHOD /path" of every route the server answers, read from Fastify's printRoutes tree (one node a line,
 * four columns a level; a node's path continues its parent's). HEAD comes with every GET and is left out.
 * Nodes that share a parameter position print as `:id|:host_id`, hence `shape`.
 */
function routeTable(tree: string): string[] {
  const routes: string[] = []
  const stack: string[] = []
  for (const line of tree.split('\n')) {
    const node = /^([│├└─ ]+)(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!node) continue
    stack.length = node[1].length / 4 - 1
    stack.push(node[2])
    for (const method of node[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${shape(stack.join(''))}`)
  }
  return routes
}

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>> }

/** What is wrong with one operation's success responses, or null. */
function problemOf(op: Doc['paths'][string][string]): string | null {
  const ok = Object.entries(op.responses ?? {}).filter(([code]) => code.startsWith('2'))
  if (!ok.length) return 'no success response'
  for (const [code, r] of ok) {
    const schema = Object.values(r.content ?? {})[0]?.schema
    if (code === '204' && r.content) return '204 with a body'
    if (code !== '204' && !schema) return `${code} without a schema`
  }
  return null
}

describe.each(DATABASES)('OpenAPI document on %s', (db) => {
  const {
    server,
    tenants: { t },
  } = useApiSuite(db, { tenants: { t: 'administrator' } })
  let doc: Doc
  beforeAll(async () => {
    doc = (await client(server.baseUrl).get('/api/v1/openapi.json')).body
  })

  const documented = (method: string, path: string) =>
    Object.keys(doc.paths[path]?.[method.toLowerCase()]?.responses ?? {}).filter((c) => c.startsWith('2'))
  const expectAsDocumented = (method: string, path: string, res: Res) => {
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300)
    expect(documented(method, path), `${method} ${path}`).toEqual([String(res.status)])
  }

  it('documents every route the server answers, and the server answers every documented route (issue 8)', () => {
    const served = routeTable(server.vigil.app.printRoutes({ commonPrefix: false }))
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${shape(path)}`))
    // A parse that found nothing would make both comparisons pass.
    expect(served).toContain('GET /api/v1/hosts/{}')
    const ignored = Object.keys(UNDOCUMENTED).map(shape)
    expect(served.filter((r) => !documented.includes(r) && !ignored.includes(r)).sort(), 'served, not documented').toEqual([])
    expect(documented.filter((r) => !served.includes(r)).sort(), 'documented, not served').toEqual([])
  })

  it('documents a success response with a schema for every operation (issue 8: integrators never guess)', () => {
    const problems: string[] = []
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${path}`
        const problem = problemOf(op)
        if (problem) problems.push(`${name}: ${problem}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('resolves every $ref in the document (issue 13: schema0 and schema0Input pointed at nothing)', () => {
    const broken: string[] = []
    const resolve = (ref: string) =>
      ref.startsWith('#/') &&
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) !==
        undefined
    const stack: [unknown, string][] = [[doc, '#']]
    while (stack.length) {
      const [node, where] = stack.pop()!
      if (typeof node !== 'object' || node === null) continue
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && !resolve(value)) broken.push(`${where}: ${value}`)
        else stack.push([value, `${where}/${key}`])
      }
    }
    expect(broken).toEqual([])
    expect(JSON.stringify(doc)).toContain('#/components/schemas/FilterNode')
  })

  it('hosts, resources, environments and organizations answer the documented status and fields (SPEC §7 generic calls)', async () => {
    const env = await t.api.post('/api/v1/hostgroups/', { name: 'openapi-env', organization_id: t.organizationId })
    expectAsDocumented('POST', '/api/v1/hostgroups', env)
    expectAsDocumented('PUT', '/api/v1/hostgroups/{id}', await t.api.put(`/api/v1/hostgroups/${env.body.id}`, { alias: 'OpenAPI env' }))
    expectAsDocumented('GET', '/api/v1/hostgroups/grouped', await t.api.get('/api/v1/hostgroups/grouped?group_by=organization_id'))
    const host = await t.api.post('/api/v1/hosts/', { name: 'openapi-host', hostgroup_id: env.body.id, check_type: '1' })
    expectAsDocumented('POST', '/api/v1/hosts', host)
    expect(host.body).toMatchObject({ name: 'openapi-host', monitoring_type: 'host', host_map_state: 3 })
    expectAsDocumented('PUT', '/api/v1/hosts/{id}', await t.api.put(`/api/v1/hosts/${host.body.id}`, { alias: 'OpenAPI host' }))
    const grouped = await t.api.get('/api/v1/hosts/grouped?group_by=hosttype&columns=id,name,hosttype')
    expectAsDocumented('GET', '/api/v1/hosts/grouped', grouped)
    expect(grouped.body.result[0]).toMatchObject({ hosttype: 'ping', totalresults: 1, result: [{ name: 'openapi-host' }] })
    const res = await t.api.post('/api/v1/resources/', { host_id: host.body.id, name: 'openapi-check', check_type: '1' })
    expectAsDocumented('POST', '/api/v1/resources', res)
    expectAsDocumented(
      'PUT',
      '/api/v1/resources/{id}',
      await t.api.put(`/api/v1/resources/${res.body.id}`, { display_name: 'openapi check' }),
    )
    await t.api.post('/api/v1/results', { resource_id: res.body.id, exit_status: 0, output: 'OK', perfdata: 'load=1;5;10' })
    const keys = await t.api.get(`/api/v1/resources/${res.body.id}/perfdata`)
    expectAsDocumented('GET', '/api/v1/resources/{id}/perfdata', keys)
    expect(keys.body.result).toEqual([expect.objectContaining({ key: 'load', warn: { start: 0, end: 5, inside: false } })])
    expectAsDocumented('GET', '/api/v1/resources/{id}/perfdata', await t.api.get(`/api/v1/resources/${res.body.id}/perfdata?key=load`))
    expectAsDocumented('DELETE', '/api/v1/resources/{id}', await t.api.del(`/api/v1/resources/${res.body.id}`))
    expectAsDocumented('DELETE', '/api/v1/hosts/{id}', await t.api.del(`/api/v1/hosts/${host.body.id}`))
    expectAsDocumented('DELETE', '/api/v1/hostgroups/{id}', await t.api.del(`/api/v1/hostgroups/${env.body.id}`))
    expectAsDocumented('GET', '/api/v1/organizations/{id}', await t.api.get(`/api/v1/organizations/${t.organizationId}`))
  })

  it('errors, tracker and DELETE filters/{guid} are documented as the 204 they answer (SPEC §7)', async () => {
    expectAsDocumented(
      'POST',
      '/api/v1/errors',
      await t.api.post('/api/v1/errors', { error: 'TypeError: x', url: 'http://x/#/', browser: 'Chromium', release: '3.9.1' }),
    )
    expectAsDocumented('POST', '/api/v1/tracker', await t.api.post('/api/v1/tracker', [{ type: 'initial_load', value: 812, time: 1 }]))
    const saved = await t.api.post('/api/v1/filters/', {
      name: 'OpenAPI filter',
      location: 'hosts',
      rules: [{ key: 'name', operator: 'contains', value: 'x' }],
    })
    const deleted = await t.api.del(`/api/v1/filters/${saved.body.guid}`)
    expectAsDocumented('DELETE', '/api/v1/filters/{guid}', deleted)
    expect(deleted.body).toBeNull()
  })
})
