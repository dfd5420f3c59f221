/**
 * The OpenAPI 3 document of the API (issue 8), generated from the zod schemas every route declares, so
 * integrators read the contract instead of guessing. Served at GET /api/v1/openapi.json (public).
 * Registered before the routes: @fastify/swagger collects them as they are added.
 */
import fp from 'fastify-plugin'
import swagger, { type SwaggerTransformObject } from '@fastify/swagger'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { RELEASE } from '../../../shared/constants'

type OpenApiDoc = Extract<Parameters<SwaggerTransformObject>[0], { openapiObject: unknown }>['openapiObject']

/**
 * A 204 has no body (RFC 9110 §15.3.5): the routes declare it with the `NoContent` schema of
 * src/shared/api/list.ts, which the zod transform renders as a nullable schema, so the body is dropped here.
 */
function withoutNoContentBodies(doc: OpenApiDoc): OpenApiDoc {
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops ?? {})) {
      const noContent = (op as { responses?: Record<string, { content?: unknown }> } | undefined)?.responses?.['204']
      if (noContent) delete noContent.content
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
        description: 'Monitoring and asset management API (SPEC §7). Bearer token from POST /api/v1/auth/login. '
          + 'Errors are {"error": {"key", "message", "extra_info"}} with the SPEC §8 keys. Lists take order, filter, '
          + 'advanced_filter, columns, extra_columns, limit, offset and return {result, totalresults}.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (doc) => ('openapiObject' in doc ? withoutNoContentBodies(doc.openapiObject) : doc.swaggerObject),
  })
})

/** GET /api/v1/openapi.json: the document, built once after all routes are registered. */
export async function openapiRoutes(app: import('../types').ZodApp) {
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
