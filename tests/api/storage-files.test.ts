/**
 * Issue 13 "Secrets sealed for real" (review M4, L10): the SQLite database and the generated key file are
 * readable by the server's user only, and `DATABASE_URL=sqlite:…` puts the key file beside the database.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server'
import { adminClient } from '../helpers/api'

const modeOf = (file: string) => fs.statSync(file).mode & 0o777

describe('database and key files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-files-'))
  const file = path.join(dir, 'data', 'vigil.db')
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { DATABASE_URL: `sqlite:${file}`, VIGIL_SECRET_KEY: '' } })
    // A write, so that the -wal and -shm files exist.
    await (await adminClient(server)).post('/api/v1/organizations/', { name: `files-${Date.now()}` })
  })
  afterAll(async () => {
    await server.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('writes the generated key file beside the database of a sqlite: URL, mode 0600', () => {
    const key = path.join(dir, 'data', 'secret.key')
    expect(fs.existsSync(key)).toBe(true)
    expect(Buffer.from(fs.readFileSync(key, 'utf8'), 'base64')).toHaveLength(32)
    expect(modeOf(key)).toBe(0o600)
  })

  it('creates the database and its -wal and -shm files readable by the server user only (0600)', () => {
    expect(modeOf(file)).toBe(0o600)
    for (const f of [`${file}-wal`, `${file}-shm`]) {
      expect(fs.existsSync(f)).toBe(true)
      expect(modeOf(f)).toBe(0o600)
    }
  })
})
