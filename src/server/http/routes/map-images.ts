/**
 * /map-images (issue 6 backgrounds; SPEC §5 Uploads, §8 map keys, §9 upload limits): POST the raw picture as
 * the body (name in `X-Filename` or `?filename=`) → MapImage; GET one back with its real type.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { RouteDeps, ZodApp } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { MapImage, MapImageQuery } from '../../../shared/api/maps'
import { fileResponse } from '../../../shared/api/list'
import { PICTURE_MIMES } from '../../integrations/import/picture'
import { ApiError } from '../../../shared/errors'
import { UPLOAD_MAX_BYTES } from '../../../shared/constants'
import { createMapImage, getMapImage } from '../../store/map-images'
import { toErrorResponse } from '../plugins/errors'

/** Above the SPEC limit, so a file a little too big gets our background_too_big rather than Fastify's 413. */
const BODY_LIMIT = UPLOAD_MAX_BYTES + 1024 * 1024

/** Bodies beyond even BODY_LIMIT are refused by Fastify before they are read: still a SPEC §8 key. */
function uploadErrors(err: Error & { code?: string }, req: FastifyRequest, reply: FastifyReply) {
  const mapped = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new ApiError('background_too_large', { max_bytes: UPLOAD_MAX_BYTES }) : err
  const { status, body } = toErrorResponse(mapped, req.id)
  if (status >= 500) req.log.error({ err }, 'unhandled error')
  return reply.status(status).send(body)
}

export async function mapImageRoutes(app: ZodApp, { store }: RouteDeps) {
  // Every content type is read as bytes: the type is sniffed from the content (an .svg is refused by our
  // checks with forbidden_file_extension, not by Fastify with an unsupported media type).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body))

  app.post(
    '/',
    { bodyLimit: BODY_LIMIT, errorHandler: uploadErrors, schema: { querystring: MapImageQuery, response: { 201: MapImage } } },
    async (req, reply) => {
      const header = req.headers['x-filename']
      const filename = req.query.filename ?? decodeHeader(Array.isArray(header) ? header[0] : header)
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      return reply.status(201).send(await createMapImage(store.db, req.scope, req.query, filename, bytes))
    },
  )

  app.get('/:id', { schema: { params: IdParams, response: { 200: fileResponse(...PICTURE_MIMES) } } }, async (req, reply) => {
    const image = await getMapImage(store.db, req.scope, req.params.id)
    return (
      reply
        .header('Content-Type', image.mime)
        .header('X-Content-Type-Options', 'nosniff')
        // An upload never changes (a new picture gets a new id); private, as it is only for its environment's users.
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Content-Disposition', `inline; filename="${image.filename.replace(/[^\w.-]/g, '_') || `map-image-${image.id}`}"`)
        .send(Buffer.from(image.data))
    )
  })
}

/** Browsers send non-ASCII file names percent-encoded in the header. */
function decodeHeader(value: string | undefined): string {
  if (!value) return ''
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
