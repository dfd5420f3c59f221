/**
 * Starts the real Vigil server for API and browser tests: a fresh temporary SQLite file (or a fresh
 * PostgreSQL database when `db: 'pg'` and PG_URL is set), the built UI from dist/, the engine off unless asked.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { loadConfig, type Config } from '../../src/server/config'
import { createVigil, type Vigil } from '../../src/server/vigil'
import type { EngineOptions } from '../../src/server/engine/engine'

export interface TestServer {
  baseUrl: string
  adminPassword: string
  /** The configuration it runs with, e.g. to start a second process on the same database. */
  config: Config
  vigil: Vigil
  close(): Promise<void>
}

/** A valid VIGIL_SECRET_KEY (32 bytes in base64), so tests may run against PostgreSQL, where it is required. */
export const TEST_SECRET_KEY = Buffer.from('vigil-test-secret-key-32-bytes!!').toString('base64')

/**
 * scrypt's N for test servers (config.ts VIGIL_SCRYPT_N): a thirty-second of OWASP's cost, the same algorithm.
 * At full cost each server start, user and login spent half a second of CPU, half of CI's time in all.
 * Tests of the hashing's own limits and timing start their servers with `VIGIL_SCRYPT_N: String(SCRYPT_PARAMS.N)`.
 */
export const TEST_SCRYPT_N = 1024

export interface StartOptions {
  db?: 'sqlite' | 'pg'
  env?: Record<string, string>
  /** engine options beside the configuration (a small pool, a short timeout) */
  engine?: Partial<EngineOptions>
}

/** Databases the API suites run against: SQLite always, PostgreSQL when PG_URL is set. */
export const DATABASES: ('sqlite' | 'pg')[] = process.env.PG_URL ? ['sqlite', 'pg'] : ['sqlite']

/** A new empty PostgreSQL database on PG_URL's server, e.g. for a server started as a child process. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.PG_URL!
  const name = `vigil_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base })
      await c.connect()
      try {
        // A backend still starting up has no role yet and cannot be terminated by a non-superuser; it is
        // gone a moment later, so the drop is tried again.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
            break
          } catch (err) {
            if (attempt >= 5) throw err
            await new Promise((r) => setTimeout(r, 200 * attempt))
          }
        }
      } finally {
        await c.end()
      }
    },
  }
}

export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-'))
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`
  const pgDb = opts.db === 'pg' ? await freshPostgres() : null
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: pgDb ? pgDb.url : path.join(dir, 'vigil.db'),
    VIGIL_ADMIN_PASSWORD: adminPassword,
    VIGIL_SECRET_KEY: TEST_SECRET_KEY,
    VIGIL_ENGINE: '0',
    VIGIL_LOCAL_HOSTS: '0',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    VIGIL_SCRYPT_N: String(TEST_SCRYPT_N),
    ...opts.env,
  })
  const vigil = await createVigil(config, opts.engine)
  const address = await vigil.app.listen({ port: 0, host: '127.0.0.1' })
  return {
    baseUrl: address,
    adminPassword,
    config,
    vigil,
    async close() {
      await vigil.close()
      await pgDb?.drop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
