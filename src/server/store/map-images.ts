/**
 * Uploaded pictures: map backgrounds and image items (SPEC §5 Uploads, §9 "upload max 10 MB, pictures min
 * 800x600", §8 forbidden_file_extension, invalid_map_background, background_too_big). Adding needs
 * maps_write on the environment (SPEC §6); reading is scoped like the environment's maps.
 */
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database } from './db'
import { demand, type Scope } from './scope'
import { now } from './json'
import { fail } from './fail'
import { ApiError } from '../../shared/errors'
import { PICTURE_MIN_HEIGHT, PICTURE_MIN_WIDTH, UPLOAD_MAX_BYTES } from '../../shared/constants'
import type { MapImage, MapImageQuery } from '../../shared/api/maps'
import { demandQuota, organizationOfEnvironment } from './quotas'
import { extensionOf, pictureSize, PICTURE_EXTENSIONS, sniffPicture, type PictureMime } from '../integrations/import/picture'

/** Larger than any map resolution (16384 px a side): a bigger picture only costs the browsers memory. */
const PICTURE_MAX_SIDE = 16384

type UploadQuery = z.infer<typeof MapImageQuery>

/** The checks of SPEC §5 Uploads, in the order a person fixes them: name, file size, real type, picture size. */
function checkPicture(
  bytes: Uint8Array,
  filename: string,
  purpose: UploadQuery['purpose'],
): { mime: PictureMime; width: number; height: number } {
  const ext = extensionOf(filename)
  if (filename && !(PICTURE_EXTENSIONS as readonly string[]).includes(ext))
    throw new ApiError('forbidden_file_extension', { extension: ext, allowed: PICTURE_EXTENSIONS })
  if (!bytes.length) throw new ApiError('invalid_input', { field: 'body', reason: 'the picture is missing' })
  if (bytes.length > UPLOAD_MAX_BYTES) throw new ApiError('background_too_big', { size: bytes.length, max_bytes: UPLOAD_MAX_BYTES })
  // The name may lie: a text file renamed .png is refused by its content.
  const mime = sniffPicture(bytes)
  if (!mime)
    throw new ApiError('forbidden_file_extension', {
      extension: ext,
      allowed: PICTURE_EXTENSIONS,
      reason: 'the content is not a jpeg, png or gif picture',
    })
  const size = pictureSize(bytes, mime)
  if (!size) throw new ApiError('invalid_map_background', { reason: 'the picture header cannot be read' })
  if (size.width > PICTURE_MAX_SIDE || size.height > PICTURE_MAX_SIDE)
    throw new ApiError('background_too_big', { ...size, max_width: PICTURE_MAX_SIDE, max_height: PICTURE_MAX_SIDE })
  if (purpose === 'background' && (size.width < PICTURE_MIN_WIDTH || size.height < PICTURE_MIN_HEIGHT)) {
    throw new ApiError('invalid_map_background', {
      ...size,
      min_width: PICTURE_MIN_WIDTH,
      min_height: PICTURE_MIN_HEIGHT,
      reason: `a background picture is at least ${PICTURE_MIN_WIDTH}x${PICTURE_MIN_HEIGHT}`,
    })
  }
  return { mime, ...size }
}

/** Only the last path segment, without control characters, fits the column. */
const cleanName = (filename: string) => (filename.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}]/gu, '').slice(0, 255)

export async function createMapImage(
  db: Kysely<Database>,
  scope: Scope,
  query: UploadQuery,
  filename: string,
  bytes: Uint8Array,
): Promise<z.infer<typeof MapImage>> {
  if (!scope.environmentIds.includes(query.hostgroup_id)) throw new ApiError('hostgroup_not_found', { id: query.hostgroup_id })
  demand(scope, 'maps_write', { environmentId: query.hostgroup_id })
  const picture = checkPicture(bytes, filename, query.purpose)
  const row = await db.transaction().execute(async (tx) => {
    // Issue 13: pictures live in the database; the organization's quota bounds the bytes they take.
    const organizationId = (await organizationOfEnvironment(tx, query.hostgroup_id))!
    const used = await tx
      .selectFrom('map_images')
      .innerJoin('hostgroups', 'hostgroups.id', 'map_images.hostgroup_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('map_images.size'), eb.lit(0)).as('n'))
      .where('hostgroups.organization_id', '=', organizationId)
      .executeTakeFirstOrThrow()
    await demandQuota(tx, organizationId, 'map_image_bytes', Number(used.n), bytes.length)
    return tx
      .insertInto('map_images')
      .values({
        hostgroup_id: query.hostgroup_id,
        mime: picture.mime,
        width: picture.width,
        height: picture.height,
        size: bytes.length,
        filename: cleanName(filename),
        data: bytes,
        created_time: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  })
  return {
    id: row.id,
    hostgroup_id: query.hostgroup_id,
    mime: picture.mime,
    width: picture.width,
    height: picture.height,
    size: bytes.length,
  }
}

/** The picture's bytes, when the caller may see its environment (another organization's reads as not found). */
export async function getMapImage(db: Kysely<Database>, scope: Scope, id: number) {
  const row = scope.environmentIds.length
    ? await db
        .selectFrom('map_images')
        .select(['id', 'mime', 'data', 'filename', 'created_time'])
        .where('id', '=', id)
        .where('hostgroup_id', 'in', scope.environmentIds)
        .executeTakeFirst()
    : undefined
  // A picture belongs to its environment's maps: a missing one is the SPEC §8 map key (404).
  return row ?? fail('map_not_found', { image_id: id })
}

/** Pictures as data URIs (for a self-contained SVG export), limited to the caller's environments. */
export async function mapImageDataUris(db: Kysely<Database>, scope: Scope, ids: number[]): Promise<Record<number, string>> {
  if (!ids.length || !scope.environmentIds.length) return {}
  const rows = await db
    .selectFrom('map_images')
    .select(['id', 'mime', 'data'])
    .where('id', 'in', ids)
    .where('hostgroup_id', 'in', scope.environmentIds)
    .execute()
  return Object.fromEntries(rows.map((r) => [r.id, `data:${r.mime};base64,${Buffer.from(r.data).toString('base64')}`]))
}
