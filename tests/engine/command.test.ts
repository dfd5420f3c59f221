import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { command, PLUGIN_DIR, CommandConfig } from '../../src/server/engine/checks/command'
import { closedPort, LOOPBACK, tcpServer, type Listening } from '../fixtures/loopback'

const FIXTURE = fileURLToPath(new URL('../fixtures/plugins/check_fixture.sh', import.meta.url))

const run = (config: z.input<typeof CommandConfig>, timeoutMs = 5000) =>
  runCheck(command, command.config.parse(config), { timeoutMs, address: LOOPBACK })

// Issue 3: the `command` kind runs any Nagios-compatible plugin; exit codes 0–3, output and perfdata.
describe('command check', () => {
  it('takes status, output, long output and perfdata from the plugin', async () => {
    const result = await run({ command: FIXTURE, args: ['1'] })
    expect(result.status).toBe(1)
    expect(result.output).toBe('FIXTURE status 1 - answer in 0.25 s')
    expect(result.long_output).toBe('first detail line\nsecond detail line')
    expect(result.perfdata.map((p) => [p.label, p.value, p.unit])).toEqual([['time', 0.25, 's'], ['queue length', 7, ''], ['size', 2048, 'B']])
    expect(result.perfdata[0].crit).toEqual({ start: 0, end: 1, inside: false })
  })

  it.each([0, 2, 3] as const)('passes exit code %i through', async (code) => {
    expect((await run({ command: FIXTURE, args: [String(code)] })).status).toBe(code)
  })

  it('makes an exit code outside 0–3 UNKNOWN, as Nagios does', async () => {
    const result = await run({ command: FIXTURE, args: ['5'] })
    expect(result.status).toBe(3)
    expect(result.output).toBe('(Return code of 5 is out of bounds) FIXTURE status 5 - answer in 0.25 s')
  })

  it('says so when the plugin prints nothing', async () => {
    expect(await run({ command: FIXTURE, args: ['2', 'silent'] })).toEqual({ status: 2, output: '(No output returned from plugin)', perfdata: [] })
  })

  it('is UNKNOWN when the plugin times out, and the plugin is stopped', async () => {
    const started = performance.now()
    const result = await run({ command: FIXTURE, args: ['0', 'sleep'] }, 300)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(result).toEqual({ status: 3, output: `plugin timed out after 0.3 s: ${FIXTURE}`, perfdata: [] })
  })

  it('passes arguments without a shell and fills in $HOSTADDRESS$', async () => {
    const result = await run({ command: FIXTURE, args: ['0', 'args', '-H', '$HOSTADDRESS$', '; echo injected', '$(id)'] })
    expect(result.output).toBe(`FIXTURE args: -H ${LOOPBACK} ; echo injected $(id)`)
  })

  it('is UNKNOWN when the plugin does not exist', async () => {
    const result = await run({ command: 'check_does_not_exist' })
    expect(result).toEqual({ status: 3, output: `plugin not found: ${PLUGIN_DIR}/check_does_not_exist`, perfdata: [] })
  })
})

// Debian's monitoring-plugins, looked up by bare name (issue 3: "e.g. Debian's monitoring-plugins").
describe.runIf(existsSync(`${PLUGIN_DIR}/check_tcp`))('command check with monitoring-plugins check_tcp', () => {
  let server: Listening
  beforeAll(async () => {
    server = await tcpServer(() => {})
  })
  afterAll(() => server.close())

  it('is OK against a listening port, with check_tcp time perfdata', async () => {
    const result = await run({ command: 'check_tcp', args: ['-H', '$HOSTADDRESS$', '-p', String(server.port)] })
    expect(result.status).toBe(0)
    expect(result.output).toMatch(new RegExp(`^TCP OK - [\\d.]+ second response time on ${LOOPBACK.replaceAll('.', '\\.')} port ${server.port}`))
    expect(result.perfdata[0]).toMatchObject({ label: 'time', unit: 's', min: 0 })
  })

  it('is CRITICAL against a closed port', async () => {
    const port = await closedPort()
    const result = await run({ command: 'check_tcp', args: ['-H', LOOPBACK, '-p', String(port)] })
    expect(result.status).toBe(2)
    expect(result.output).toContain('Connection refused')
  })
})
