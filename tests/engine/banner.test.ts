import tls from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCheck, type CheckKind } from '../../src/server/engine/checks'
import type { BannerConfig } from '../../src/server/engine/checks/banner'
import { ftp } from '../../src/server/engine/checks/ftp'
import { imap } from '../../src/server/engine/checks/imap'
import { pop } from '../../src/server/engine/checks/pop'
import { smtp } from '../../src/server/engine/checks/smtp'
import { ssh } from '../../src/server/engine/checks/ssh'
import { closedPort, listen, LOOPBACK, selfSignedCertificate, tcpServer, type Listening } from '../fixtures/loopback'

/** A server that greets like the protocol and records what the client said before leaving. */
async function greeter(greeting: string) {
  const heard: string[] = []
  let onHeard: (() => void) | undefined
  const server = await tcpServer((socket) => {
    socket.write(greeting)
    let said = ''
    socket.on('data', (data) => (said += data))
    socket.on('close', () => {
      heard.push(said)
      onHeard?.()
    })
  })
  /** Resolves with what the next (or an already closed) client said once it is gone. */
  const nextGoodbye = () =>
    new Promise<string>((resolve) => {
      if (heard.length > 0) return resolve(heard.shift()!)
      onHeard = () => resolve(heard.shift()!)
    })
  return { ...server, nextGoodbye }
}

const run = <C extends BannerConfig>(kind: CheckKind<C>, config: Partial<BannerConfig>, timeoutMs = 2000) =>
  runCheck(kind, kind.config.parse(config), { timeoutMs, address: LOOPBACK })

// SPEC §3 agentless checks smtp, imap, pop, ftp, ssh; issue 3: greeting prefix, polite quit, time perfdata.
describe.each([
  { kind: smtp, label: 'SMTP', greeting: '220 mail.vigil.test ESMTP ready\r\n', goodbye: 'QUIT\r\n' },
  { kind: imap, label: 'IMAP', greeting: '* OK [CAPABILITY IMAP4rev1] ready\r\n', goodbye: 'a1 LOGOUT\r\n' },
  { kind: pop, label: 'POP', greeting: '+OK POP3 ready\r\n', goodbye: 'QUIT\r\n' },
  { kind: ftp, label: 'FTP', greeting: '220 FTP server ready\r\n', goodbye: 'QUIT\r\n' },
  { kind: ssh, label: 'SSH', greeting: 'SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n', goodbye: '' },
])('$label check', ({ kind, label, greeting, goodbye }) => {
  let server: Awaited<ReturnType<typeof greeter>>
  beforeAll(async () => {
    server = await greeter(greeting)
  })
  afterAll(() => server.close())

  it('is OK on the expected greeting, shows it, and says goodbye politely', async () => {
    const result = await run(kind, { port: server.port })
    expect(result.status).toBe(0)
    expect(result.output).toBe(
      `${label} OK - ${result.output.match(/\d+\.\d{3}/)![0]} second response time on ${LOOPBACK} port ${server.port} [${greeting.trim()}]`,
    )
    expect(result.perfdata[0]).toMatchObject({ label: 'time', unit: 's' })
    expect(await server.nextGoodbye()).toBe(goodbye)
  })
})

describe('banner failures', () => {
  let wrong: Listening
  let mute: Listening
  let hangup: Listening
  beforeAll(async () => {
    wrong = await tcpServer((socket) => socket.write('554 no service for you\r\n'))
    mute = await tcpServer(() => {})
    hangup = await tcpServer((socket) => socket.end())
  })
  afterAll(async () => {
    await Promise.all([wrong.close(), mute.close(), hangup.close()])
  })

  it('warns on an unexpected greeting', async () => {
    const result = await run(smtp, { port: wrong.port })
    expect(result).toEqual({
      status: 1,
      output: `SMTP WARNING - unexpected response from ${LOOPBACK} port ${wrong.port}: expected "220", got "554 no service for you"`,
      perfdata: [],
    })
  })

  it('honours an overridden expected greeting', async () => {
    expect((await run(smtp, { port: wrong.port, expect: '554' })).status).toBe(0)
  })

  it('is CRITICAL when the server closes without a greeting', async () => {
    const result = await run(pop, { port: hangup.port })
    expect(result).toEqual({ status: 2, output: `POP CRITICAL - no data received from ${LOOPBACK} port ${hangup.port}`, perfdata: [] })
  })

  it('is CRITICAL when no greeting comes within the timeout', async () => {
    const result = await run(ssh, { port: mute.port }, 200)
    expect(result.status).toBe(2)
    expect(result.output).toBe(`SSH CRITICAL - timed out after 0.2 s waiting for a response from ${LOOPBACK} port ${mute.port}`)
  })

  it('is CRITICAL when the port is closed', async () => {
    const port = await closedPort()
    const result = await run(imap, { port })
    expect(result.output).toBe(`IMAP CRITICAL - cannot connect to ${LOOPBACK} port ${port}: Connection refused`)
  })

  it('reads the greeting over implicit TLS', async () => {
    const { key, cert } = selfSignedCertificate(30)
    const server = await listen(tls.createServer({ key, cert }, (socket) => socket.resume().end('* OK imaps ready\r\n')))
    try {
      const result = await run(imap, { port: server.port, tls: true })
      expect(result.status).toBe(0)
      expect(result.output).toContain('[* OK imaps ready]')
    } finally {
      await server.close()
    }
  })
})
