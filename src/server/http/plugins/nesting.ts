/**
 * Bodies nested deeper than MAX_JSON_DEPTH are refused before any schema reads them (issue 13 "500s from
 * input"): zod recurses, and an or-group nested thousands deep overflowed its stack into a 500.
 */
import fp from 'fastify-plugin'
import { ApiError } from '../../../shared/errors'
import { jsonDepth, MAX_JSON_DEPTH } from '../../../shared/nesting'

export const nesting = fp(async (app) => {
  app.addHook('preValidation', async (req) => {
    if (typeof req.body === 'object' && req.body !== null && jsonDepth(req.body) > MAX_JSON_DEPTH) {
      throw new ApiError('validation_failed', { field: 'body', reason: `nested deeper than ${MAX_JSON_DEPTH}` })
    }
  })
})
