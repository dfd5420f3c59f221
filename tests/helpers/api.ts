/** A small HTTP client for API tests, plus fixtures that make an organization, environment and user. */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { TEST_SCRYPT_N, type TestServer } from './server'
import { hashPassword, SCRYPT_PARAMS } from '../../src/server/security/password'
import { createUser, startSession } from '../../src/server/store/users'
import { invalidateScopes } from '../../src/server/store/scope'
import type { AuthorizationGroup } from '../../src/shared/permissions'

export interface Res<T = any> {
  status: number
  body: T
  headers: Headers
}

export function client(baseUrl: string, token?: string) {
  async function call<T = any>(method: string, path: string, body?: unknown, raw?: string): Promise<Res<T>> {
    const headers: Record<string, string> = {}
    if (token) headers.authorization = `Bearer ${token}`
    if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json'
    const r = await fetch(baseUrl + path, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) })
    const text = await r.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      /* not JSON: keep the text */
    }
    return { status: r.status, body: parsed as T, headers: r.headers }
  }
  return {
    get: <T = any>(p: string) => call<T>('GET', p),
    post: <T = any>(p: string, b?: unknown) => call<T>('POST', p, b ?? {}),
    postRaw: <T = any>(p: string, raw: string) => call<T>('POST', p, undefined, raw),
    put: <T = any>(p: string, b: unknown) => call<T>('PUT', p, b),
    del: <T = any>(p: string, b?: unknown) => call<T>('DELETE', p, b),
  }
}
export type Client = ReturnType<typeof client>

/** An uploaded file (map import, scan import): POST /api/v1/`path`?`query` with the file's text as the body. */
export async function postFile(baseUrl: string, token: string, path: string, query: Record<string, string>, text: string): Promise<Res> {
  const r = await fetch(`${baseUrl}/api/v1/${path}?${new URLSearchParams(query)}`, {
    method: 'POST',
    body: text,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
  })
  return { status: r.status, body: await r.json(), headers: r.headers }
}

/**
 * A login sent from another loopback address, as from another machine: Linux routes all of 127/8 to `lo`, so
 * the server on 127.0.0.1 sees `from` as the source (issue 13 limits and delays count per source address).
 */
export function loginFrom(server: TestServer, from: string, body: { username: string; password: string }): Promise<Res> {
  const url = new URL('/api/v1/auth/login', server.baseUrl)
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const headers = new Headers()
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v)
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null'), headers })
      })
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

/** A new session token of a user, for requests a test sends itself (file uploads, the feed's WebSocket). */
export async function tokenOf(server: Pick<TestServer, 'baseUrl'>, user: { username: string; password: string }): Promise<string> {
  const r = await client(server.baseUrl).post('/api/v1/auth/login', { username: user.username, password: user.password })
  if (r.status !== 200) throw new Error(`login ${user.username} failed: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.token as string
}

export async function login(server: Pick<TestServer, 'baseUrl'>, username: string, password: string): Promise<Client> {
  return client(server.baseUrl, await tokenOf(server, { username, password }))
}

export const adminClient = (server: Pick<TestServer, 'baseUrl' | 'adminPassword'>) => login(server, 'admin', server.adminPassword)

export const uniq = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`

/** A user made by the fixtures, with a logged-in client. */
export interface User {
  id: number
  username: string
  password: string
  api: Client
}

export interface Tenant extends User {
  organizationId: number
  environmentId: number
}

/**
 * One password and its hash (at the test servers' scrypt cost) for every fixture user of this test file: a
 * fresh hash per user bought nothing (the salt only matters against a stolen database). Logins still verify it.
 */
const PASSWORD = `pw-${randomBytes(8).toString('hex')}`
let sharedHash: Promise<string> | undefined
const passwordHash = () => (sharedHash ??= hashPassword(PASSWORD, { ...SCRYPT_PARAMS, N: TEST_SCRYPT_N }))

export interface UserOptions {
  /** the right covers only this environment instead of the organization */
  environmentId?: number
  serverAdmin?: boolean
  /** a password stored under this hash instead of the shared one; `api` is then not logged in (a login would rehash it) */
  stored?: { password: string; hash: string }
}

/**
 * Another user of `tenant`'s organization holding `group` there, written by the store function the first start uses
 * (the user-management API belongs to the admin screens issue).
 */
export async function addUser(
  server: TestServer,
  tenant: { organizationId: number },
  group: AuthorizationGroup,
  opts: UserOptions = {},
): Promise<User> {
  const username = uniq('user')
  const id = await createUser(server.vigil.store.db, {
    username,
    passwordHash: opts.stored?.hash ?? (await passwordHash()),
    organizationId: tenant.organizationId,
    group,
    environmentId: opts.environmentId,
    serverAdmin: opts.serverAdmin,
  })
  // The scope cache is process-wide and user ids repeat across the databases of one test file.
  invalidateScopes()
  if (opts.stored) return { id, username, password: opts.stored.password, api: client(server.baseUrl) }
  // A session as a login starts it, without a login's scrypt check (~0.2 s of CPU each, thousands in the suites);
  // the login itself is what the auth tests test, and they log in through the API.
  const session = await startSession(server.vigil.store.db, { id, organization_id: tenant.organizationId }, 'test fixture', null)
  return { id, username, password: PASSWORD, api: client(server.baseUrl, session.token) }
}

/** A customer organization with one environment and one user holding `group` on the organization. */
export async function makeTenant(
  server: TestServer,
  admin: Client,
  group: AuthorizationGroup = 'administrator',
  opts: { serverAdmin?: boolean } = {},
): Promise<Tenant> {
  const org = await admin.post('/api/v1/organizations/', { name: uniq('org') })
  if (org.status !== 201) throw new Error(`organization: ${JSON.stringify(org.body)}`)
  const env = await admin.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: org.body.id })
  if (env.status !== 201) throw new Error(`environment: ${JSON.stringify(env.body)}`)
  const user = await addUser(server, { organizationId: org.body.id }, group, opts)
  return { ...user, organizationId: org.body.id, environmentId: env.body.id }
}

/** Resolves with `fn`'s first truthy answer, polled every 50 ms; throws after `ms`. */
export async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Another user of `tenant`'s organization with `group` there (SPEC §6), logged in. */
export async function addMember(server: TestServer, tenant: Tenant, group: AuthorizationGroup): Promise<Client> {
  return (await addUser(server, tenant, group)).api
}
