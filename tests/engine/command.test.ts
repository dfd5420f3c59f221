import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck, type RunOptions } from '../../src/server/engine/checks'
import { command, CommandConfig } from '../../src/server/engine/checks/command'
import { pluginSettings } from '../../src/server/engine/checks/plugins'
import { loadConfig } from '../../src/server/config'
import { closedPort, LOOPBACK, tcpServer, type Listening } from '../fixtures/loopback'

const FIXTURES = fileURLToPath(new URL('../fixtures/plugins', import.meta.url))
const FIXTURE = 'check_fixture.sh'
// The server's own settings from the same variables it reads (VIGIL_PLUGIN_DIRS, VIGIL_PLUGIN_USER).
const settings = (env: Record<string, string>) => {
  const config = loadConfig(env)
  return pluginSettings(config.pluginDirs, config.pluginUser)
}
const plugins = settings({ VIGIL_PLUGIN_DIRS: FIXTURES })

const run = (config: z.input<typeof CommandConfig>, timeoutMs = 5000, options: Partial<RunOptions> = {}) =>
  runCheck(command, command.config.parse(config), { timeoutMs, address: LOOPBACK, plugins, ...options })

// Issue 3: the `command` kind runs any Nagios-compatible plugin; exit codes 0–3, output and perfdata.
describe('command check', () => {
  it('takes status, output, long output and perfdata from the plugin', async () => {
    const result = await run({ command: FIXTURE, args: ['1'] })
    expect(result.status).toBe(1)
    expect(result.output).toBe('FIXTURE status 1 - answer in 0.25 s')
    expect(result.long_output).toBe('first detail line\nsecond detail line')
    expect(result.perfdata.map((p) => [p.label, p.value, p.unit])).toEqual([
      ['time', 0.25, 's'],
      ['queue length', 7, ''],
      ['size', 2048, 'B'],
    ])
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
    expect(await run({ command: FIXTURE, args: ['2', 'silent'] })).toEqual({
      status: 2,
      output: '(No output returned from plugin)',
      perfdata: [],
    })
  })

  it('is UNKNOWN when the plugin times out, and the plugin is stopped', async () => {
    const started = performance.now()
    const result = await run({ command: FIXTURE, args: ['0', 'sleep'] }, 300)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(result).toEqual({ status: 3, output: `plugin timed out after 0.3 s: ${FIXTURE}`, perfdata: [] })
  })

  it('passes arguments without a shell and fills in $HOSTADDRESS$', async () => {
    const result = await run({ command: FIXTURE, args: ['0', 'args', '-H', '$HOSTADDRESS$', '; echo injected', '$$(id)'] })
    expect(result.output).toBe(`FIXTURE args: -H ${LOOPBACK} ; echo injected $(id)`)
  })

  it('is UNKNOWN when the plugin does not exist', async () => {
    const result = await run({ command: 'check_does_not_exist' })
    expect(result).toEqual({ status: 3, output: `plugin not found: check_does_not_exist (in ${FIXTURES})`, perfdata: [] })
  })
})

// Issue 13 "Plugins, not shell lines": a plugin is a name from the registry, its arguments a template of macros.
describe('command check: plugin registry and macros', () => {
  let outside: string
  beforeAll(() => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-plugins-'))
    fs.symlinkSync('/bin/sh', path.join(outside, 'check_shell'))
    fs.symlinkSync(path.join(FIXTURES, FIXTURE), path.join(outside, 'check_alias'))
    fs.writeFileSync(path.join(outside, 'check_plain'), '#!/bin/sh\necho OK\n', { mode: 0o644 })
    fs.mkdirSync(path.join(outside, 'check_dir'))
  })
  afterAll(() => fs.rmSync(outside, { recursive: true, force: true }))

  it.each(['/bin/sh', '../../../bin/sh', 'plugins/../check_fixture.sh', '..', '.hidden', 'check_tcp/x', ''])(
    'refuses %j as a plugin name when the check is saved',
    (name) => {
      expect(command.config.safeParse({ command: name }).success).toBe(false)
    },
  )

  it('runs only executable regular files whose real path stays inside a plugin directory', async () => {
    const options = { plugins: { ...plugins, dirs: [outside] } }
    expect((await run({ command: 'check_shell', args: ['-c', 'echo pwned'] }, 5000, options)).output).toBe(
      'plugin check_shell leads outside the plugin directories',
    )
    expect((await run({ command: 'check_alias', args: ['0'] }, 5000, options)).output).toBe(
      'plugin check_alias leads outside the plugin directories',
    )
    expect((await run({ command: 'check_plain' }, 5000, options)).output).toBe('plugin is not an executable file: check_plain')
    expect((await run({ command: 'check_dir' }, 5000, options)).output).toBe('plugin is not an executable file: check_dir')
    // Several directories are searched in order.
    expect((await run({ command: FIXTURE, args: ['0'] }, 5000, { plugins: { ...plugins, dirs: [outside, FIXTURES] } })).status).toBe(0)
  })

  it('runs no plugin where no registry is configured', async () => {
    const result = await runCheck(command, command.config.parse({ command: FIXTURE, args: ['0'] }), { timeoutMs: 2000, address: LOOPBACK })
    expect(result).toMatchObject({ status: 3, output: 'plugins cannot run here: no plugin directories configured' })
  })

  it('fills in $HOSTNAME$, $ARGn$ and $$, inserting values as they are', async () => {
    const result = await run(
      {
        command: FIXTURE,
        args: ['0', 'args', '--name=$HOSTNAME$', '-p', '$ARG1$', '$ARG2$', 'cost: $$5'],
        arguments: ['8080', '$HOSTADDRESS$ a b'],
      },
      5000,
      { hostName: 'web-1' },
    )
    expect(result.output).toBe('FIXTURE args: --name=web-1 -p 8080 $HOSTADDRESS$ a b cost: $5')
  })

  it('never hands a plugin a host address or name that looks like an option', async () => {
    const result = await run({ command: FIXTURE, args: ['0', 'args', '$HOSTADDRESS$'] }, 5000, { address: '--config=/etc/shadow' })
    expect(result).toEqual({
      status: 3,
      output: `${FIXTURE}: the host's address or name "--config=/etc/shadow" looks like an option`,
      perfdata: [],
    })
  })

  it('refuses unknown macros, unknown secrets and missing arguments when the check is saved', () => {
    const issue = (config: unknown) => command.config.safeParse(config).error?.issues[0]
    expect(issue({ command: FIXTURE, args: ['$USER1$/x'] })).toMatchObject({ path: ['args', 0] })
    expect(issue({ command: FIXTURE, args: ['price $5'] })).toMatchObject({ path: ['args', 0] })
    expect(issue({ command: FIXTURE, args: ['$SECRET:root_key$'] })?.message).toContain('unknown secret root_key')
    expect(issue({ command: FIXTURE, args: ['$ARG2$'], arguments: ['one'] })).toMatchObject({ path: ['arguments'] })
    expect(issue({ command: FIXTURE, args: ['$ARG1$', '$SECRET:password$', '$$'], arguments: ['one'] })).toBeUndefined()
  })

  it('resolves $SECRET:name$ from the host secrets at run time and never shows the value', async () => {
    const secrets = { password: 'hunter2-s3cret', user: 'monitor' }
    const result = await run({ command: FIXTURE, args: ['0', 'args', '-u', '$SECRET:user$', '--password=$SECRET:password$'] }, 5000, {
      secrets,
    })
    expect(result).toMatchObject({ status: 0, output: 'FIXTURE args: -u *** --password=***' })
    expect(JSON.stringify(result)).not.toContain('hunter2')
  })

  it('is UNKNOWN when the host lacks a secret the template names', async () => {
    const result = await run({ command: FIXTURE, args: ['0', 'args', '$SECRET:password$'] }, 5000, { secrets: { user: 'monitor' } })
    expect(result).toEqual({ status: 3, output: `${FIXTURE}: the host has no secret password`, perfdata: [] })
  })

  it('runs plugins without the server environment, outside the data folder', async () => {
    process.env.VIGIL_SECRET_KEY_CANARY = 'must-not-leak'
    try {
      const result = await run({ command: FIXTURE, args: ['0', 'context'] })
      // The shell adds PWD itself; nothing of the server's environment is passed on.
      expect(result.output).toMatch(/ cwd=\/ env=LC_ALL PATH PWD$/)
    } finally {
      delete process.env.VIGIL_SECRET_KEY_CANARY
    }
  })

  it('runs plugins as the unprivileged VIGIL_PLUGIN_USER when the server is root', async (ctx) => {
    ctx.skip(process.getuid?.() !== 0, 'not root: plugins already run as this unprivileged user')
    const result = await run({ command: FIXTURE, args: ['0', 'context'] })
    const uid = Number(result.output.match(/uid=(\d+)/)?.[1])
    expect(uid).not.toBe(0)
    expect(plugins.user?.uid).toBe(uid)
    expect(() => settings({ VIGIL_PLUGIN_USER: 'no-such-user-here' })).toThrow('VIGIL_PLUGIN_USER: no such user "no-such-user-here"')
    expect(() => settings({ VIGIL_PLUGIN_USER: 'root' })).toThrow('must not be root')
  })
})

// Debian's monitoring-plugins, looked up by bare name (issue 3: "e.g. Debian's monitoring-plugins").
const debian = settings({})
const checkTcp = `${debian.dirs[0]}/check_tcp`
describe('command check with monitoring-plugins check_tcp', () => {
  let server: Listening
  beforeAll(async () => {
    server = await tcpServer(() => {})
  })
  afterAll(() => server.close())
  beforeEach((ctx) => ctx.skip(!fs.existsSync(checkTcp), `no monitoring-plugins: ${checkTcp} missing`))

  it('is OK against a listening port, with check_tcp time perfdata', async () => {
    const result = await run(
      { command: 'check_tcp', args: ['-H', '$HOSTADDRESS$', '-p', '$ARG1$'], arguments: [String(server.port)] },
      5000,
      { plugins: debian },
    )
    expect(result.status).toBe(0)
    expect(result.output).toMatch(
      new RegExp(`^TCP OK - [\\d.]+ second response time on ${LOOPBACK.replaceAll('.', '\\.')} port ${server.port}`),
    )
    expect(result.perfdata[0]).toMatchObject({ label: 'time', unit: 's', min: 0 })
  })

  it('is CRITICAL against a closed port', async () => {
    const port = await closedPort()
    const result = await run({ command: 'check_tcp', args: ['-H', LOOPBACK, '-p', String(port)] }, 5000, { plugins: debian })
    expect(result.status).toBe(2)
    expect(result.output).toContain('Connection refused')
  })
})
