/** Vitest hooks shared by API suites (kept apart from api.ts, which bench scripts import outside vitest). */
import { afterAll, beforeAll } from 'vitest'
import { startServer, type StartOptions, type TestServer } from './server'
import { addUser, adminClient, makeTenant, type Client, type Tenant, type User, type UserOptions } from './api'
import type { AuthorizationGroup } from '../../src/shared/permissions'

/** A tenant the suite makes before its tests: the group of its user on the organization, or more. */
export type TenantSpec = AuthorizationGroup | { group: AuthorizationGroup; serverAdmin?: boolean }

export interface ApiSuiteOptions<K extends string> extends Omit<StartOptions, 'db' | 'env'> {
  /** the server's environment, or a function giving it when the suite starts (after the file's earlier hooks) */
  env?: Record<string, string> | (() => Record<string, string>)
  /** tenants made once for the whole suite, in this order (each a new organization, environment and user) */
  tenants?: Record<K, TenantSpec>
}

export interface ApiSuite<K extends string> {
  server: TestServer
  admin: Client
  tenants: Record<K, Tenant>
  /** Another user of `tenant`'s organization holding `group` there. */
  addUser(tenant: { organizationId: number }, group: AuthorizationGroup, opts?: UserOptions): Promise<User>
  /** A tenant of its own, for a test that changes it where the suite's tenants must stay as they are. */
  addTenant(group?: AuthorizationGroup, opts?: { serverAdmin?: boolean }): Promise<Tenant>
}

/**
 * Registers an API suite's hooks on database `db`: its own server, the administrator's client and the `tenants`,
 * made before the suite's own beforeAll (which may use them), and the server closed after its tests.
 * Every object is there at once and filled in by beforeAll, so a suite may destructure it:
 * `const { server, tenants: { a, b } } = useApiSuite(db, { tenants: { a: 'administrator', b: 'operator' } })`.
 */
export function useApiSuite<K extends string = never>(db: 'sqlite' | 'pg', opts: ApiSuiteOptions<K> = {}): ApiSuite<K> {
  const { tenants: specs = {} as Record<K, TenantSpec>, env, ...start } = opts
  const server = {} as TestServer
  const admin = {} as Client
  const tenants = Object.fromEntries(Object.keys(specs).map((k) => [k, {}])) as Record<K, Tenant>
  beforeAll(async () => {
    Object.assign(server, await startServer({ ...start, db, env: typeof env === 'function' ? env() : env }))
    Object.assign(admin, await adminClient(server))
    for (const [k, spec] of Object.entries<TenantSpec>(specs)) {
      const { group, serverAdmin } = typeof spec === 'string' ? { group: spec, serverAdmin: false } : spec
      Object.assign(tenants[k as K], await makeTenant(server, admin, group, { serverAdmin }))
    }
  })
  afterAll(() => server.close?.())
  return {
    server,
    admin,
    tenants,
    addUser: (tenant, group, userOpts) => addUser(server, tenant, group, userOpts),
    addTenant: (group, tenantOpts) => makeTenant(server, admin, group, tenantOpts),
  }
}
