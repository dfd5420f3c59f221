/**
 * A Checkmk agent's CPU utilisation is a rate of two readings of its counters: whoever schedules the check — the
 * engine, or a probe in a customer's network (issue 20) — hands each run what the previous run of the same check
 * kept. The agent here advances its counters by the same amounts at each connection: 45 % busy between any two.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server'
import { adminClient, uniq, waitFor, type Client } from '../helpers/api'
import { LOOPBACK } from '../fixtures/loopback'
import { linuxAgentOutput, startAgent, type Agent } from '../fixtures/checkmk-agent'
import { checkmkAgent } from '../../src/server/engine/checks/checkmk-agent'
import { openBuffer } from '../../src/probe/buffer'
import { createRunner } from '../../src/probe/runner'

const BUSY = 'CPU utilisation 45 % on 2 cores (user 30 %, system 10 %, I/O wait 5 %)'

describe('CPU utilisation of a Checkmk agent', () => {
  let agent: Agent
  beforeAll(async () => {
    let readings = 0
    agent = await startAgent(() => {
      const n = readings++
      // per reading: 300 user (and nice), 100 system, 550 idle, 50 I/O wait
      const cpu = [10_000 + 250 * n, 500 + 50 * n, 4_000 + 100 * n, 80_000 + 550 * n, 1_000 + 50 * n, 0, 0, 0]
      return linuxAgentOutput({ kernel: { at: 1_700_000_000 + 60 * n, cpu } })
    })
  })
  afterAll(() => agent.close())

  describe('in the engine', () => {
    let server: TestServer
    let admin: Client
    beforeAll(async () => {
      server = await startServer({ env: { VIGIL_ENGINE: '1' } })
      admin = await adminClient(server)
    })
    afterAll(() => server.close())

    it('is known from the second check on, and graphed', async () => {
      const org = (await admin.post('/api/v1/organizations/', { name: uniq('org') })).body
      const env = (await admin.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: org.id })).body
      const host = (await admin.post('/api/v1/hosts/', { name: uniq('web'), hostgroup_id: env.id, ip_address: LOOPBACK, check_type: '1' }))
        .body
      const check = { kind: 'checkmk-agent', config: { port: agent.port, parts: ['cpu_util'] } }
      const resource = (await admin.post('/api/v1/resources/', { host_id: host.id, name: 'CPU utilisation', check })).body
      const output = async () => (await admin.get(`/api/v1/resources/${resource.id}`)).body.plugin_output as string
      await waitFor(async () => (await output()) === 'CHECKMK OK - CPU utilisation from the next check on', 15_000)
      expect((await admin.post(`/api/v1/resources/${resource.id}/reschedule`)).status).toBe(200)
      await waitFor(async () => (await output()) === `CHECKMK OK - ${BUSY}`, 15_000)
      expect((await admin.get(`/api/v1/resources/${resource.id}`)).body.has_graph).toBe(true)
    })
  })

  it('in the engine, across a restart: the first check after it already knows the rate (migration 0051)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-cpu-restart-'))
    const env = { VIGIL_ENGINE: '1', DATABASE_URL: path.join(dir, 'vigil.db'), VIGIL_ADMIN_PASSWORD: 'cpu-restart-admin-pw' }
    const started = async () => {
      const server = await startServer({ env })
      return { server, admin: await adminClient({ ...server, adminPassword: env.VIGIL_ADMIN_PASSWORD }) }
    }
    try {
      const first = await started()
      const host = (await first.admin.post('/api/v1/hosts/', { name: uniq('web'), hostgroup_id: 1, ip_address: LOOPBACK, check_type: '1' }))
        .body
      const check = { kind: 'checkmk-agent', config: { port: agent.port, parts: ['cpu_util'] } }
      const id = (await first.admin.post('/api/v1/resources/', { host_id: host.id, name: 'CPU utilisation', check })).body.id
      const read = async (admin: Client) =>
        (await admin.get(`/api/v1/resources/${id}`)).body as { plugin_output: string; last_check: number }
      await waitFor(async () => (await read(first.admin)).plugin_output.includes('from the next check on'), 15_000)
      await first.admin.post(`/api/v1/resources/${id}/reschedule`)
      await waitFor(async () => (await read(first.admin)).plugin_output === `CHECKMK OK - ${BUSY}`, 15_000)
      const before = await read(first.admin)
      await first.server.close()

      // A second later, so that the next check's time tells it apart.
      await new Promise((r) => setTimeout(r, 1100))
      const second = await started()
      try {
        await second.admin.post(`/api/v1/resources/${id}/reschedule`)
        await waitFor(async () => (await read(second.admin)).last_check > before.last_check, 15_000)
        expect((await read(second.admin)).plugin_output).toBe(`CHECKMK OK - ${BUSY}`)
      } finally {
        await second.server.close()
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('in a probe, whose results carry no counters to the server', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-probe-cpu-'))
    const buffer = openBuffer(path.join(dir, 'buffer.db'))
    const runner = createRunner({ buffer, workers: 1, concurrency: 4, onError: (err) => expect.fail(String(err)) })
    try {
      runner.assign([
        {
          type: 'resource',
          id: 1,
          host_id: 1,
          organization_id: 1,
          schedule: { check_interval: 1, retry_interval: 1, max_check_attempts: 1 },
          state: { status: null, state_type: 'HARD', current_attempt: 1, last_check: null, next_check: null },
          run: {
            kind: 'checkmk-agent',
            config: checkmkAgent.config.parse({ port: agent.port, parts: ['cpu_util'] }),
            timeout_ms: 5000,
            address: LOOPBACK,
            host_name: 'web-01',
            policy: null,
          },
        },
      ])
      runner.start()
      await waitFor(async () => buffer.stats().queued >= 2, 10_000)
      const [first, second] = buffer.peek(2).results
      expect(first.output).toBe('CHECKMK OK - CPU utilisation from the next check on')
      expect(second.output).toBe(`CHECKMK OK - ${BUSY}`)
      expect(Object.keys(second)).not.toContain('memo')
    } finally {
      await runner.stop()
      buffer.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
