/** Issue 16 "Tokens": API tokens of the current user and wall tokens of an environment (SPEC §3 API token, §5 Tokens). */
import { z } from 'zod'

/** SPEC §5 Tokens and §9 field limits: a name of at least 3 characters; expiry more than 1 day and at most 2 years. */
export const TOKEN_NAME_MIN = 3
export const TOKEN_NAME_MAX = 100
export const TOKEN_EXPIRE_DAYS_MIN = 2
export const TOKEN_EXPIRE_DAYS_MAX = 730
export const DAY_S = 86_400

/** The SPEC §5 rules apart from the schema, so a form tells which field is wrong before sending. */
export function tokenNameProblem(name: string): string | null {
  const n = name.trim().length
  if (n < TOKEN_NAME_MIN) return `at least ${TOKEN_NAME_MIN} characters`
  if (n > TOKEN_NAME_MAX) return `at most ${TOKEN_NAME_MAX} characters`
  return null
}

export function expireDaysProblem(days: number): string | null {
  if (!Number.isInteger(days)) return 'a whole number of days'
  if (days < TOKEN_EXPIRE_DAYS_MIN) return 'more than 1 day'
  if (days > TOKEN_EXPIRE_DAYS_MAX) return `at most ${TOKEN_EXPIRE_DAYS_MAX} days (2 years)`
  return null
}

export const TokenBody = z.object({ name: z.string().max(1000), expire_days: z.number() })
export type TokenBody = z.infer<typeof TokenBody>

export const WallTokenBody = TokenBody.extend({
  hostgroup_id: z.number().int().positive(),
  map_ids: z.array(z.number().int().positive()).max(200).default([]),
  slideshow_ids: z.array(z.number().int().positive()).max(200).default([]),
})
export type WallTokenBody = z.input<typeof WallTokenBody>

/** SPEC §3 API token: name, created, expires, last used (unix seconds). The value is never listed. */
export const TokenRow = z.object({
  id: z.number().int(),
  name: z.string(),
  created: z.number().int(),
  expires: z.number().int(),
  last_used: z.number().int().nullable(),
  last_used_from: z.string().nullable(),
})
export type TokenRow = z.infer<typeof TokenRow>

export const WallTokenRow = TokenRow.extend({
  hostgroup_id: z.number().int(),
  map_ids: z.array(z.number().int()),
  slideshow_ids: z.array(z.number().int()),
  issued_by: z.string(),
})
export type WallTokenRow = z.infer<typeof WallTokenRow>

/** The answer to a create: the only time the value is shown. */
export const CreatedToken = z.object({ token: z.string(), row: TokenRow })
export const CreatedWallToken = z.object({ token: z.string(), row: WallTokenRow })

export const WallTokenQuery = z.object({ hostgroup_id: z.coerce.number().int().positive().optional() })
