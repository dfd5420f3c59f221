/**
 * Response shapes of the SPEC §7 generic calls, built from an entity's row schema so that the OpenAPI
 * document (/api/v1/openapi.json) names the fields of every list, grouped list and delete.
 */
import { z } from 'zod'

/**
 * SPEC §3 "List response wrapper" (`GET {base}`): `columns` picks fields, so every field of a listed row
 * is optional here; the rows of a full call carry them all.
 */
export const listOf = <T extends z.ZodObject>(row: T) => z.object({ result: z.array(row.partial()), totalresults: z.number().int() })

/**
 * SPEC §7 `GET {base}grouped?group_by=`: one entry per value of the group column, named after that column
 * (e.g. `hosttype`), with the group's count and its rows (SPEC §7 hosts/grouped: "a result list of names").
 */
export const groupedOf = <T extends z.ZodObject>(row: T) =>
  z.object({
    result: z.array(z.looseObject({ totalresults: z.number().int(), result: z.array(row.partial()) })),
    totalresults: z.number().int(),
  })

/**
 * 204 No Content: a delete, or a report the server only logs (SPEC §7 errors, tracker). `type: null`
 * tells the OpenAPI generator there is no body; handlers answer `reply.status(204).send(null)`
 * (Fastify sends no body with a 204).
 */
export const NoContent = z.null().describe('No Content')

/**
 * A file answered as it is (a picture, an export): only documentation, since Fastify sends strings and
 * buffers without serializing them. The OpenAPI plugin lists it under each of `mediaTypes`.
 */
export const fileResponse = (...mediaTypes: string[]) =>
  // Typed as the bytes a handler sends; the string schema is what the OpenAPI document needs.
  z.string().meta({ format: 'binary', 'x-media-types': mediaTypes }) as unknown as z.ZodType<string | Uint8Array>
