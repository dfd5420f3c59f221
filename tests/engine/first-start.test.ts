/**
 * The first start's local hosts (README "First start", issue 3): `npm start` on a fresh database monitors its own
 * machine at once, and the check of the Vigil web server reaches the server where it listens. A server told to
 * listen on one address of the machine (HOST), not on loopback, must not show its own web server as a problem.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_SCRYPT_N, TEST_SECRET_KEY } from '../helpers/server'
import { login, waitFor } from '../helpers/api'
import { ownWebAddress } from '../../src/server/store/seed'

const ADMIN_PASSWORD = 'first-start-admin-1'

/** An address of this machine other than loopback (the CI machine's network interface). */
const machineAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address

/** A port free on `host` now. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, host, () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })
}

describe('first start', () => {
  const children: ChildProcess[] = []
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-first-start-'))
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL')
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('checks the Vigil web server where the server listens, on an address that is not loopback', async () => {
    expect(machineAddress, 'this machine has a network address besides loopback').toBeDefined()
    const host = machineAddress!
    const port = await freePort(host)
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: path.join(dir, 'vigil.db'),
        VIGIL_SECRET_KEY: TEST_SECRET_KEY,
        VIGIL_ADMIN_PASSWORD: ADMIN_PASSWORD,
        VIGIL_SCRYPT_N: String(TEST_SCRYPT_N),
        NODE_ENV: 'test',
        HOST: host,
        PORT: String(port),
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    children.push(child)
    const baseUrl = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        const m = /^Vigil (http:\/\/\S+)/.exec(line)
        if (m) resolve(m[1])
      })
      child.once('exit', (code, signal) => reject(new Error(`Vigil exited (${code ?? signal}) before it listened`)))
    })
    expect(baseUrl).toBe(`http://${host}:${port}`)
    const admin = await login({ baseUrl }, 'admin', ADMIN_PASSWORD)
    // The first check runs at once; a refused connection would read CRITICAL.
    const web = await waitFor(async () => {
      const { body } = await admin.get('/api/v1/resources/?limit=100')
      const r = (body.result as { name: string; state: string; plugin_output: string }[]).find((x) => x.name === 'vigil_http')
      return r && r.state !== 'pending' && r
    }, 30_000)
    expect([web.state, web.plugin_output]).toEqual(['ok', expect.stringContaining('HTTP OK')])
  }, 60_000)

  it('checks the web server on loopback when the server listens on every address, and not at all when it serves none', () => {
    expect(ownWebAddress({ host: '0.0.0.0', port: 8080, role: 'all' })).toEqual({ host: '127.0.0.1', port: 8080 })
    expect(ownWebAddress({ host: '::', port: 8080, role: 'api' })).toEqual({ host: '127.0.0.1', port: 8080 })
    expect(ownWebAddress({ host: '::1', port: 8080, role: 'all' })).toEqual({ host: '::1', port: 8080 })
    // An engine-only process listens on no port; PORT=0 is chosen at listen, after the first start's hosts.
    expect(ownWebAddress({ host: '127.0.0.1', port: 8080, role: 'engine' })).toBeNull()
    expect(ownWebAddress({ host: '127.0.0.1', port: 0, role: 'all' })).toBeNull()
  })
})
