/** Issue 8: the API reference lists every operation of the OpenAPI document and filters them by words. */
import { describe, expect, it } from 'vitest'
import { filterOperations, operationsOf } from '../../../src/app/devtools/openapi-view'

const doc = {
  security: [{ bearer: [] }],
  paths: {
    '/api/v1/hosts/{id}': {
      get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: {} } },
      delete: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: { 204: {} } },
    },
    '/api/v1/auth/login': {
      post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { 200: {} } },
    },
    '/api/v1/events/': {
      get: { parameters: [{ name: 'types', in: 'query', schema: { enum: ['state_change', 'ticket'] } }], responses: {} },
    },
  },
}

describe('API reference view', () => {
  it('lists each method of each path, sorted, with its parameters, body and whether it needs a token', () => {
    const ops = operationsOf(doc)
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual([
      'POST /api/v1/auth/login',
      'GET /api/v1/events/',
      'GET /api/v1/hosts/{id}',
      'DELETE /api/v1/hosts/{id}',
    ])
    expect(ops[0]).toMatchObject({ group: 'auth', body: { type: 'object' }, secured: false })
    expect(ops[1].parameters).toEqual([{ name: 'types', in: 'query', required: false, type: 'state_change | ticket' }])
    expect(ops[2]).toMatchObject({ group: 'hosts', secured: true, responses: ['200'] })
  })

  it('filters by every word of the query over method, path and parameter names', () => {
    const ops = operationsOf(doc)
    expect(filterOperations(ops, 'delete hosts').map((o) => o.method)).toEqual(['DELETE'])
    expect(filterOperations(ops, 'types').map((o) => o.path)).toEqual(['/api/v1/events/'])
    expect(filterOperations(ops, '  ')).toHaveLength(4)
  })
})
