/** SPEC §3 User and §7 Users: the current-user payload and preferences. */
import { z } from 'zod'
import { MODULES, THEMES } from '../enums'
import { Action, AuthorizationGroup, ServerRight } from '../permissions'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants'

/** Issue 13 (review L12): preferences are bounded, so a user cannot bloat storage and every current-user answer. */
export const PREFERENCES_MAX_BYTES = 64 * 1024
export const PREFERENCES_MAX_KEYS = 200

/** SPEC §3 User preferences. Unknown `custom_filter_{id}` keys are kept (SPEC §7 saves them), within the bounds above. */
export const Preferences = z
  .object({
    environmentFilter: z.array(z.union([z.number().int(), z.string().regex(/^group-\d+$/)])).default([]),
    page_size: z
      .number()
      .int()
      .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), 'page size must be one of 10, 25, 50, 100, 250')
      .default(DEFAULT_PAGE_SIZE),
    pageSize: z.number().int().optional(),
    hideSideBar: z.boolean().default(false),
    autoreload: z.boolean().default(true),
    theme: z.enum(THEMES).default('default'),
    language: z.string().max(10).default('en'),
  })
  .catchall(z.union([z.string().max(4000), z.number(), z.boolean(), z.null(), z.array(z.unknown()), z.record(z.string(), z.unknown())]))
  .superRefine((prefs, ctx) => {
    const keys = Object.keys(prefs).length
    if (keys > PREFERENCES_MAX_KEYS) ctx.addIssue({ code: 'custom', message: `at most ${PREFERENCES_MAX_KEYS} keys (${keys} given)` })
    else if (new TextEncoder().encode(JSON.stringify(prefs)).length > PREFERENCES_MAX_BYTES)
      ctx.addIssue({ code: 'custom', message: `at most ${PREFERENCES_MAX_BYTES} bytes as JSON` })
  })
export type Preferences = z.infer<typeof Preferences>

export const AllowedOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  msp_parent_id: z.number().int().nullable(),
  allowed_actions: z.array(Action),
})
export const AllowedEnvironment = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  organization_id: z.number().int(),
  allowed_actions: z.array(Action),
})
export const AllowedEnvironmentList = z.object({
  id: z.string(),
  name: z.string(),
  organization_id: z.number().int(),
  environment_ids: z.array(z.number().int()),
})

export const CurrentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.string(),
  last_logon: z.number().int().nullable(),
  member_since: z.number().int(),
  authorizations: z.array(
    z.object({ organization_id: z.number().int(), hostgroup_id: z.number().int().nullable(), group: AuthorizationGroup }),
  ),
  organization: z.object({ id: z.number().int(), name: z.string(), alias: z.string() }),
  allowed_modules: z.array(z.enum(MODULES)),
  /** Issue 15: the sub-modules of SPEC §2 the user may open (every one of `allowed_modules` when unrestricted). */
  allowed_sub_modules: z.array(z.string()),
  allowed_organizations: z.array(AllowedOrganization),
  allowed_environments: z.array(AllowedEnvironment),
  allowed_environment_lists: z.array(AllowedEnvironmentList),
  preferences: Preferences,
  /** Issue 13: runs the installation (system events, plugins, quotas, allowed networks). */
  server_admin: z.boolean(),
  /** SPEC §3 `permissions`: the SPEC §6 actions the user holds somewhere (on an organization or environment). */
  permissions: z.array(Action),
  /** SPEC §3 `rights`: the server-wide rights of a server admin (shared/permissions.ts SERVER_ADMIN_RIGHTS); none for others. */
  rights: z.array(ServerRight),
  /** Issue 16: the token this answer was asked with; a wall token is kept in the browser until its own expiry. */
  token: z.object({ kind: z.enum(['session', 'api', 'wall']), expires_at: z.number().int() }).optional(),
  /** Issue 16 (SPEC §3): the picture from the configured avatar service; absent when none is configured. */
  avatar_url: z.string().optional(),
})
export type CurrentUser = z.infer<typeof CurrentUser>

/** SPEC §7: PUT /users/current with {preferences}. Partial: unknown keys merge into what is stored. */
export const UpdateCurrentUserBody = z.object({ preferences: z.record(z.string(), z.unknown()) })
