/**
 * Issue 13 "Targets": a check naming a server admin's template runs with the template's send/expect as they are
 * now (engine/check-templates.ts fills them into the job), against a real loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCheck } from '../../src/server/engine/checks'
import { tcp } from '../../src/server/engine/checks/tcp'
import { fillTemplate } from '../../src/server/engine/check-templates'
import type { CheckTemplateRef } from '../../src/server/store/check-templates'
import { LOOPBACK, tcpServer, type Listening } from '../fixtures/loopback'

const HELLO: CheckTemplateRef = { name: 'hello', kind: 'tcp', fields: { send: 'hello\n', expect: 'ECHO hello' }, organization_id: null }
const lookup =
  (...templates: CheckTemplateRef[]) =>
  (name: string) =>
    templates.find((t) => t.name === name)

describe('check templates at run time', () => {
  let echo: Listening
  beforeAll(async () => {
    echo = await tcpServer((socket) => socket.on('data', (data) => socket.write(`ECHO ${data}`)))
  })
  afterAll(() => echo.close())

  it("fills the template's fields into the job, over the check's own", () => {
    const config = tcp.config.parse({ port: 7, template: 'hello', expect: 'mine' })
    expect(fillTemplate('tcp', config, 5, lookup(HELLO))).toEqual({
      config: { port: 7, template: 'hello', send: 'hello\n', expect: 'ECHO hello' },
    })
  })

  it('leaves a check without a template as it is', () => {
    const config = tcp.config.parse({ port: 7 })
    expect(fillTemplate('tcp', config, 5, lookup(HELLO))).toEqual({ config })
  })

  it('cannot run a check whose template is gone, of another kind or of another organization', () => {
    const config = tcp.config.parse({ port: 7, template: 'hello' })
    expect(fillTemplate('tcp', config, 5, lookup())).toEqual({ error: 'check template "hello" is not available' })
    expect(fillTemplate('tcp', config, 5, lookup({ ...HELLO, organization_id: 6 }))).toEqual({
      error: 'check template "hello" is not available',
    })
    expect(fillTemplate('tcp', config, 6, lookup({ ...HELLO, organization_id: 6 }))).toHaveProperty('config.send', 'hello\n')
    expect(fillTemplate('smtp', config, 5, lookup(HELLO))).toEqual({ error: 'check template "hello" is for tcp checks' })
  })

  it("runs with the template's send and expect, and with the edited ones after an edit", async () => {
    const config = tcp.config.parse({ port: echo.port, template: 'hello' })
    const run = async (template: CheckTemplateRef) => {
      const filled = fillTemplate('tcp', config, 5, lookup(template))
      if (!('config' in filled)) throw new Error(filled.error)
      return runCheck(tcp, filled.config as never, { timeoutMs: 2000, address: LOOPBACK })
    }
    const first = await run(HELLO)
    expect(first.status).toBe(0)
    expect(first.output).toContain('[ECHO hello]')
    const edited = await run({ ...HELLO, fields: { send: 'bye\n', expect: 'PONG' } })
    expect(edited.status).toBe(1)
    expect(edited.output).toContain('expected "PONG", got "ECHO bye"')
  })
})
