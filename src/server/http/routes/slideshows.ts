/** /slideshows/ (SPEC §3 Slideshow, §2 slideshow routes): list protocol, by-name, CRUD; contract in shared/api/maps.ts. */
import { z } from 'zod'
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { Slideshow, SlideshowBody, SlideshowUpdate } from '../../../shared/api/maps'
import { GroupedQuery, ListQuery } from '../../store/list'
import { groupedOf, listOf, NoContent } from '../../../shared/api/list'
import {
  createSlideshow,
  deleteSlideshow,
  getSlideshow,
  getSlideshowByName,
  groupSlideshows,
  listSlideshows,
  updateSlideshow,
} from '../../store/slideshows'

const ByName = z.object({ hostgroup_name: z.string().min(1).max(255), name: z.string().min(1).max(255) })

export async function slideshowRoutes(app: ZodApp, { store }: RouteDeps) {
  const { db } = store
  app.get('/', { schema: { querystring: ListQuery, response: { 200: listOf(Slideshow) } } }, async (req) =>
    listSlideshows(db, store.dialect, req.scope, req.query),
  )
  app.get('/grouped', { schema: { querystring: GroupedQuery, response: { 200: groupedOf(Slideshow) } } }, async (req) =>
    groupSlideshows(db, store.dialect, req.scope, req.query),
  )
  app.get('/by-name/:hostgroup_name/:name', { schema: { params: ByName, response: { 200: Slideshow } } }, async (req) =>
    getSlideshowByName(db, req.scope, req.params.hostgroup_name, req.params.name),
  )
  app.get('/:id', { schema: { params: IdParams, response: { 200: Slideshow } } }, async (req) => getSlideshow(db, req.scope, req.params.id))
  app.post('/', { schema: { body: SlideshowBody, response: { 201: Slideshow } } }, async (req, reply) => {
    const id = await createSlideshow(db, req.scope, req.body)
    return reply.status(201).send(await getSlideshow(db, req.scope, id))
  })
  app.put('/:id', { schema: { params: IdParams, body: SlideshowUpdate, response: { 200: Slideshow } } }, async (req) =>
    updateSlideshow(db, req.scope, req.params.id, req.body),
  )
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await deleteSlideshow(db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })
}
