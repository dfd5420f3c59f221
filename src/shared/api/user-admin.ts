/**
 * The user-management schemas of the admin screens (issue 15) and the server admin role (issue 13), apart from
 * users.ts: the shell loads users.ts for the current user, and these would only add to its size.
 */
import { z } from 'zod'
import { AuthorizationGroup, ModuleGrant } from '../permissions'
import { Password } from './auth'

/** Issue 13: PUT /users/{id}/server_admin grants or revokes the server admin role (server admins only). */
export const ServerAdminBody = z.object({ server_admin: z.boolean() })
export const ServerAdminRow = z.object({ id: z.number().int(), username: z.string(), server_admin: z.boolean() })

/** One authorization: an SPEC §6 group on an organization, or on one of its environments. */
export const Authorization = z.object({
  organization_id: z.number().int().positive(),
  hostgroup_id: z.number().int().positive().nullable(),
  group: AuthorizationGroup,
})
export type Authorization = z.infer<typeof Authorization>

/** Issue 15: SPEC §3 User as the user-management screens read it (GET/POST/PUT users/). No password, ever. */
export const UserRow = z.looseObject({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.string(),
  last_logon: z.number().int().nullable(),
  member_since: z.number().int(),
  organization_id: z.number().int(),
  organization_name: z.string(),
  server_admin: z.boolean(),
  authorizations: z.array(Authorization),
  /** null: every module the user's groups grant */
  allowed_modules: z.array(z.string()).nullable(),
})
export type UserRow = z.infer<typeof UserRow>

const Text = (max: number) => z.string().trim().max(max)
/** SPEC §3 username: the login name, 2–100 characters without spaces (an email address fits). */
export const Username = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}._@+-]{2,100}$/u, 'username: 2–100 letters, digits or . _ @ + -')

/** Issue 15 POST users/: `copy_from` copies the authorizations and modules of a user of the same organization. */
export const UserBody = z.object({
  username: Username,
  password: Password,
  first_name: Text(100).default(''),
  last_name: Text(100).default(''),
  email: Text(254).default(''),
  organization_id: z.number().int().positive(),
  authorizations: z.array(Authorization).max(500).optional(),
  allowed_modules: z.array(ModuleGrant).max(50).nullable().optional(),
  copy_from: z.number().int().positive().optional(),
})
export type UserBody = z.infer<typeof UserBody>

export const UserUpdate = z.object({
  first_name: Text(100).optional(),
  last_name: Text(100).optional(),
  email: Text(254).optional(),
  password: Password.optional(),
  authorizations: z.array(Authorization).max(500).optional(),
  allowed_modules: z.array(ModuleGrant).max(50).nullable().optional(),
})
export type UserUpdate = z.infer<typeof UserUpdate>

/** SPEC §3 environment list: a named set of environments of one organization. */
export const EnvironmentListBody = z.object({
  name: z.string(),
  organization_id: z.number().int().positive(),
  environment_ids: z.array(z.number().int().positive()).max(1000),
})
export const EnvironmentListUpdate = EnvironmentListBody.omit({ organization_id: true }).partial()
export const EnvironmentListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  organization_id: z.number().int(),
  environment_ids: z.array(z.number().int()),
  allowed_actions: z.array(z.string()),
})
export type EnvironmentListRow = z.infer<typeof EnvironmentListRow>
