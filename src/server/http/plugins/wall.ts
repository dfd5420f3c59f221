/**
 * Issue 16 "Wall tokens": what a wall token may call. A NOC wall reads its maps and slideshows (info, live
 * document, states, pictures), the current user and a feed ticket; everything else is refused, writes first.
 * Another map or slideshow answers the same 404 as an absent one.
 */
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../store/db'
import type { Scope } from '../../store/scope'
import type { WallScope } from '../../store/tokens'
import { wallMapIds } from '../../store/wall-tokens'
import { mapIdByName } from '../../store/maps'
import { getSlideshowByName } from '../../store/slideshows'
import { ApiError } from '../../../shared/errors'

const API = '/api/v1'
const MAP_ROUTES = ['/maps/:id', '/maps/:id/document', '/maps/:id/states']
const MAP_BY_NAME_ROUTES = [
  '/maps/by-name/:hostgroup_name/:name',
  '/maps/by-name/:hostgroup_name/:name/document',
  '/maps/by-name/:hostgroup_name/:name/states',
]
const OPEN_ROUTES = new Set(['GET /users/current', 'POST /feed/ticket', 'GET /map-images/:id'])

/** Throws unless the wall token may make this request. */
export async function checkWallRequest(db: Kysely<Database>, scope: Scope, wall: WallScope, req: FastifyRequest) {
  const route = (req.routeOptions.url ?? '').slice(API.length)
  const params = req.params as Record<string, string>
  if (OPEN_ROUTES.has(`${req.method} ${route}`)) return
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new ApiError('unauthorized', { reason: 'a wall token only reads' })
  if (MAP_ROUTES.includes(route) || MAP_BY_NAME_ROUTES.includes(route)) {
    const id = MAP_ROUTES.includes(route) ? Number(params.id) : await mapIdByName(db, scope, params.hostgroup_name, params.name)
    if (!(await wallMapIds(db, wall)).has(id)) throw new ApiError('map_not_found', { id })
    return
  }
  if (route === '/slideshows/:id' || route === '/slideshows/by-name/:hostgroup_name/:name') {
    const id =
      route === '/slideshows/:id' ? Number(params.id) : (await getSlideshowByName(db, scope, params.hostgroup_name, params.name)).id
    if (!wall.slideshowIds.includes(id)) throw new ApiError('slideshow_not_found', { id })
    return
  }
  throw new ApiError('unauthorized', { reason: 'a wall token reads only its maps and slideshows' })
}
