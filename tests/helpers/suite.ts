/** Vitest hooks shared by API suites (kept apart from api.ts, which bench scripts import outside vitest). */
import { afterAll, beforeAll } from 'vitest'
import { startServer, type StartOptions, type TestServer } from './server'
import { adminClient, type Client } from './api'

/**
 * A suite's own server and admin client: started before its tests (before the suite's own beforeAll, which may
 * use them) and closed after them. Read `ctx.server` and `ctx.admin` inside hooks and tests.
 */
export function serverWithAdmin(db: 'sqlite' | 'pg', opts: Omit<StartOptions, 'db'> = {}): { server: TestServer; admin: Client } {
  const ctx = {} as { server: TestServer; admin: Client }
  beforeAll(async () => {
    ctx.server = await startServer({ ...opts, db })
    ctx.admin = await adminClient(ctx.server)
  })
  afterAll(() => ctx.server.close())
  return ctx
}
