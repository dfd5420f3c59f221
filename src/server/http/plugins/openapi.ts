/**
 * The OpenAPI 3 document of the API (issue 8), generated from the zod schemas every route declares, so
 * integrators read the contract instead of guessing. Served at GET /api/v1/openapi.json (public).
 * Registered before the routes: @fastify/swagger collects them as they are added.
 */
import fp from 'fastify-plugin'
import swagger, { type SwaggerTransformObject } from '@fastify/swagger'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { RELEASE } from '../../../shared/constants'

type OpenApiDoc = Extract<Parameters<SwaggerTransformObject>[0], { openapiObject: unknown }>['openapiObject']

type Responses = Record<string, { content?: Record<string, { schema?: { 'x-media-types'?: string[]; type?: string; format?: string } }> }>

/**
 * A 204 has no body (RFC 9110 §15.3.5): the routes declare it with the `NoContent` schema of
 * src/shared/api/list.ts, which the zod transform renders as a nullable schema, so the body is dropped here.
 * A `fileResponse` is listed under its own media types instead of application/json.
 */
function withResponseBodiesFixed(doc: OpenApiDoc): OpenApiDoc {
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops ?? {})) {
      const responses = (op as { responses?: Responses } | undefined)?.responses ?? {}
      if (responses['204']) delete responses['204'].content
      for (const r of Object.values(responses)) {
        const media = r.content?.['application/json']?.schema?.['x-media-types']
        if (media) r.content = Object.fromEntries(media.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]))
      }
    }
  }
  return doc
}

export const openapi = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Vigil API',
        version: RELEASE,
        description:
          'Monitoring and asset management API (SPEC §7). Bearer token from POST /api/v1/auth/login. ' +
          'Errors are {"error": {"key", "message", "extra_info"}} with the SPEC §8 keys. Lists take order, filter, ' +
          'advanced_filter, columns, extra_columns, limit, offset and return {result, totalresults}.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Named schemas (`.meta({ id })`, e.g. the recursive FilterNode) go to components.schemas, where their $refs point.
    transformObject: (doc) =>
      'openapiObject' in doc ? withResponseBodiesFixed(jsonSchemaTransformObject(doc) as OpenApiDoc) : doc.swaggerObject,
  })
})

/** GET /api/v1/openapi.json: the document, built once after all routes are registered. */
export async function openapiRoutes(app: import('../types').ZodApp) {
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
