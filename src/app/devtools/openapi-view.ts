/** Flattens an OpenAPI 3 document into the operations the API reference lists (issue 8). Pure. */

export interface ParameterView {
  name: string
  in: string
  required: boolean
  type: string
}
export interface OperationView {
  method: string
  path: string
  /** the first path segment after /api/v1: the resource group */
  group: string
  parameters: ParameterView[]
  body: unknown
  responses: string[]
  secured: boolean
}

interface OpenApiDoc {
  paths?: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean; schema?: { type?: string; enum?: unknown[] } }[]
        requestBody?: { content?: Record<string, { schema?: unknown }> }
        responses?: Record<string, unknown>
        security?: unknown[]
      }
    >
  >
  security?: unknown[]
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

function typeOf(schema: { type?: string; enum?: unknown[] } | undefined): string {
  if (!schema) return ''
  if (schema.enum) return schema.enum.map(String).join(' | ')
  return schema.type ?? ''
}

export function operationsOf(doc: OpenApiDoc): OperationView[] {
  const ops: OperationView[] = []
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const group = path.replace(/^\/api\/v1\//, '').split('/')[0] || path
      ops.push({
        method: method.toUpperCase(),
        path,
        group,
        parameters: (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: !!p.required, type: typeOf(p.schema) })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        responses: Object.keys(op.responses ?? {}),
        secured: (op.security ?? doc.security ?? []).length > 0 && !path.startsWith('/api/v1/auth/login') && path !== '/version.json',
      })
    }
  }
  return ops.sort(
    (a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.method.toLowerCase()) - METHODS.indexOf(b.method.toLowerCase()),
  )
}

/** Operations whose path, method or parameter names contain every word of `query`. */
export function filterOperations(ops: OperationView[], query: string): OperationView[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (!words.length) return ops
  return ops.filter((o) => {
    const text = `${o.method} ${o.path} ${o.parameters.map((p) => p.name).join(' ')}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
}
