/** A current user as GET /users/current returns it (src/shared/api/users.ts CurrentUser). */
import { CurrentUser } from '../../../src/shared/api/users'
import type { Module } from '../../../src/shared/enums'

export function currentUser(allowedModules: Module[]): CurrentUser {
  return CurrentUser.parse({
    id: 1,
    username: 'operator',
    first_name: 'Olga',
    last_name: 'Operator',
    email: 'olga@example.com',
    role: 'user',
    last_logon: null,
    member_since: 1_700_000_000,
    authorizations: [],
    organization: { id: 1, name: 'acme', alias: 'Acme' },
    allowed_modules: allowedModules,
    allowed_sub_modules: allowedModules,
    allowed_organizations: [],
    allowed_environments: [],
    allowed_environment_lists: [],
    preferences: {},
    server_admin: false,
    permissions: [],
    rights: [],
  })
}
