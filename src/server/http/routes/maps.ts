/**
 * /maps (SPEC §3 Map, §4 Maps, §5 Add map, §6 rights; the contract is src/shared/api/maps.ts): list, add,
 * get by id or by environment and name, edit, delete, the document (draft, live, versions; JSON or Yjs
 * updates), the lock, publish/archive/recover, version history and revert, and live states.
 * Import, export, generate, sync, pictures and slideshows are registered by their own route files.
 */
import { z } from 'zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { RouteDeps, ZodApp } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { groupedOf, listOf, NoContent } from '../../../shared/api/list'
import {
  DocumentVersionParam,
  EditorSessionQuery,
  MapArchiveResult,
  MapDocumentOut,
  MapInfo,
  MapLock,
  MapStates,
  MapUpdate,
  MapVersionList,
  NewMap,
  PublishBody,
  TakeLockQuery,
} from '../../../shared/api/maps'
import { GroupedQuery, ListQuery, groupEntities, listEntities } from '../../store/list'
import { createMap, deleteMap, getMapByName, mapDef, mapIdByName, requireMap, updateMap } from '../../store/maps'
import type { Scope } from '../../store/scope'
import { mapStates } from '../../store/map-states'
import { releaseLock, takeLock } from '../../store/map-locks'
import {
  applyDocumentUpdate,
  getDocument,
  listVersions,
  publishedDocumentJson,
  revertToVersion,
  saveDocument,
} from '../../store/map-versions'
import { archiveMap, publishMap, recoverMap } from '../../store/map-lifecycle'
import { commitThenPublish } from '../../store/commit'
import { now } from '../../store/json'
import { sendFixedJson, sendJsonText } from '../compressed-once'

const ByName = z.object({ hostgroup_name: z.string().min(1).max(255), name: z.string().min(1).max(255) })
const VersionQuery = z.object({ version: DocumentVersionParam.default('draft') })
const VersionParams = IdParams.extend({ version: z.coerce.number().int().positive() })
const DocumentBody = z.object({ document: z.unknown() })

/**
 * A map's states as built, compressed in one piece: checking a 10,000-host map's megabytes against MapStates
 * once more on the way out cost as much as reading them (issue 7 first paint).
 */
const sendStates = (req: FastifyRequest, reply: FastifyReply, states: MapStates) => sendJsonText(req, reply, JSON.stringify(states))

export async function mapRoutes(app: ZodApp, { store, bus }: RouteDeps) {
  const db = store.db
  // POST maps/:id/document/updates carries one binary Yjs update (DESIGN.md "Maps").
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  app.get('/', { schema: { querystring: ListQuery, response: { 200: listOf(MapInfo) } } }, async (req) =>
    listEntities(db, store.dialect, mapDef, req.scope, req.query),
  )
  app.get('/grouped', { schema: { querystring: GroupedQuery, response: { 200: groupedOf(MapInfo) } } }, async (req) =>
    groupEntities(db, store.dialect, mapDef, req.scope, req.query),
  )
  app.post('/', { schema: { body: NewMap, response: { 201: MapInfo } } }, async (req, reply) =>
    reply.status(201).send(await requireMap(db, req.scope, await createMap(db, req.scope, req.body))),
  )
  app.get('/by-name/:hostgroup_name/:name', { schema: { params: ByName, response: { 200: MapInfo } } }, async (req) =>
    getMapByName(db, req.scope, req.params.hostgroup_name, req.params.name),
  )
  app.get('/:id', { schema: { params: IdParams, response: { 200: MapInfo } } }, async (req) => requireMap(db, req.scope, req.params.id))
  app.put('/:id', { schema: { params: IdParams, body: MapUpdate, response: { 200: MapInfo } } }, async (req) =>
    updateMap(db, req.scope, req.params.id, req.body),
  )
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    const map = await requireMap(db, req.scope, req.params.id)
    await commitThenPublish(db, bus, (tx) => deleteMap(tx, req.scope, map))
    return reply.status(204).send(null)
  })

  const documentOf = async (
    req: FastifyRequest,
    scope: Scope,
    id: number,
    version: z.infer<typeof VersionQuery>['version'],
    reply: FastifyReply,
  ) => {
    if (version === 'draft') return getDocument(db, scope, id, version)
    // Bytes with a JSON type are sent as they are (Fastify does not serialize them again): a MapDocumentOut.
    return sendFixedJson(req, reply, await publishedDocumentJson(db, scope, id, version))
  }
  app.get(
    '/:id/document',
    { schema: { params: IdParams, querystring: VersionQuery, response: { 200: MapDocumentOut } } },
    async (req, reply) => documentOf(req, req.scope, req.params.id, req.query.version, reply),
  )
  // A wall asks for its map, document and states by name at once, without waiting for the id (issue 7 first paint).
  app.get(
    '/by-name/:hostgroup_name/:name/document',
    { schema: { params: ByName, querystring: VersionQuery, response: { 200: MapDocumentOut } } },
    async (req, reply) =>
      documentOf(req, req.scope, await mapIdByName(db, req.scope, req.params.hostgroup_name, req.params.name), req.query.version, reply),
  )
  app.get('/by-name/:hostgroup_name/:name/states', { schema: { params: ByName, response: { 200: MapStates } } }, async (req, reply) =>
    sendStates(req, reply, await mapStates(db, req.scope, await mapIdByName(db, req.scope, req.params.hostgroup_name, req.params.name))),
  )
  app.put(
    '/:id/document',
    { schema: { params: IdParams, querystring: EditorSessionQuery, body: DocumentBody, response: { 200: MapDocumentOut } } },
    async (req) => saveDocument(db, req.scope, req.params.id, req.body.document, now(), req.query.session),
  )
  app.post(
    '/:id/document/updates',
    { schema: { params: IdParams, querystring: EditorSessionQuery, response: { 200: MapDocumentOut } } },
    async (req) => applyDocumentUpdate(db, req.scope, req.params.id, req.body, now(), req.query.session),
  )

  app.post('/:id/lock', { schema: { params: IdParams, querystring: TakeLockQuery, response: { 200: MapLock } } }, async (req) => {
    const map = await requireMap(db, req.scope, req.params.id)
    return takeLock(db, req.scope, map, now(), req.query.session, req.query.take_over === 'true')
  })
  app.delete(
    '/:id/lock',
    { schema: { params: IdParams, querystring: EditorSessionQuery, response: { 204: NoContent } } },
    async (req, reply) => {
      await requireMap(db, req.scope, req.params.id)
      await releaseLock(db, req.scope, req.params.id, now(), req.query.session)
      return reply.status(204).send(null)
    },
  )

  app.post('/:id/publish', { schema: { params: IdParams, body: PublishBody.optional(), response: { 200: MapInfo } } }, async (req) => {
    const map = await requireMap(db, req.scope, req.params.id)
    await commitThenPublish(db, bus, (tx) => publishMap(tx, req.scope, map, req.body?.comment ?? '', now()))
    return requireMap(db, req.scope, req.params.id)
  })
  app.post('/:id/archive', { schema: { params: IdParams, response: { 200: MapArchiveResult } } }, async (req) => {
    const map = await requireMap(db, req.scope, req.params.id)
    const { warnings } = await commitThenPublish(db, bus, (tx) => archiveMap(tx, req.scope, map, now()))
    return { ...(await requireMap(db, req.scope, req.params.id)), warnings }
  })
  app.post('/:id/recover', { schema: { params: IdParams, response: { 200: MapInfo } } }, async (req) => {
    const map = await requireMap(db, req.scope, req.params.id)
    await commitThenPublish(db, bus, (tx) => recoverMap(tx, req.scope, map, now()))
    return requireMap(db, req.scope, req.params.id)
  })
  app.get('/:id/versions', { schema: { params: IdParams, response: { 200: MapVersionList } } }, async (req) =>
    listVersions(db, req.scope, req.params.id),
  )
  app.post(
    '/:id/versions/:version/revert',
    { schema: { params: VersionParams, querystring: EditorSessionQuery, response: { 200: MapDocumentOut } } },
    async (req) => revertToVersion(db, req.scope, req.params.id, req.params.version, now(), req.query.session),
  )

  app.get('/:id/states', { schema: { params: IdParams, response: { 200: MapStates } } }, async (req, reply) =>
    sendStates(req, reply, await mapStates(db, req.scope, req.params.id)),
  )
}
