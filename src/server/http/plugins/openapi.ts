/**
 * The OpenAPI 3 document of the API (issue 8), generated from the zod schemas every route declares, so
 * integrators read the contract instead of guessing. Served at GET /api/v1/openapi.json (public).
 * Registered before the routes: @fastify/swagger collects them as they are added.
 */
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { RELEASE } from '../../../shared/constants'

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
  })
})

/** GET /api/v1/openapi.json: the document, built once after all routes are registered. */
export async function openapiRoutes(app: import('../types').ZodApp) {
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
