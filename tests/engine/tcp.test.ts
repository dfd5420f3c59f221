import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { tcp, TcpConfig } from '../../src/server/engine/checks/tcp'
import { closedPort, LOOPBACK, tcpServer, type Listening } from '../fixtures/loopback'

const run = (config: z.input<typeof TcpConfig>, timeoutMs = 2000) =>
  runCheck(tcp, tcp.config.parse(config), { timeoutMs, address: LOOPBACK })

// SPEC §3 agentless checks; issue 3: TCP connect with timeout, send/expect, time perfdata.
describe('tcp check', () => {
  let echo: Listening
  let silent: Listening
  beforeAll(async () => {
    echo = await tcpServer((socket) => socket.on('data', (data) => socket.write(`ECHO ${data}`)))
    silent = await tcpServer(() => {})
  })
  afterAll(async () => {
    await echo.close()
    await silent.close()
  })

  it('is OK when the port accepts, with the response time in seconds', async () => {
    const result = await run({ port: echo.port })
    expect(result.status).toBe(0)
    expect(result.output).toMatch(new RegExp(`^TCP OK - \\d+\\.\\d{3} second response time on ${LOOPBACK} port ${echo.port}$`))
    expect(result.perfdata).toEqual([expect.objectContaining({ label: 'time', unit: 's', min: 0 })])
    expect(result.perfdata[0].value).toBeGreaterThan(0)
  })

  it('sends and finds the expected answer', async () => {
    const result = await run({ port: echo.port, send: 'hello\n', expect: 'ECHO hello' })
    expect(result.status).toBe(0)
    expect(result.output).toContain('[ECHO hello]')
  })

  it('warns about an unexpected answer, as check_tcp does', async () => {
    const result = await run({ port: echo.port, send: 'hello\n', expect: 'PONG' })
    expect(result.status).toBe(1)
    expect(result.output).toBe(`TCP WARNING - unexpected response from ${LOOPBACK} port ${echo.port}: expected "PONG", got "ECHO hello"`)
  })

  it('is CRITICAL with the reason when the port is closed', async () => {
    const port = await closedPort()
    const result = await run({ port })
    expect(result).toEqual({
      status: 2,
      output: `TCP CRITICAL - cannot connect to ${LOOPBACK} port ${port}: Connection refused`,
      perfdata: [],
    })
  })

  it('is CRITICAL when the expected answer does not come within the timeout', async () => {
    const started = performance.now()
    const result = await run({ port: silent.port, expect: 'HELLO' }, 300)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(result.status).toBe(2)
    expect(result.output).toBe(`TCP CRITICAL - timed out after 0.3 s waiting for a response from ${LOOPBACK} port ${silent.port}`)
  })

  it('applies response-time thresholds', async () => {
    const result = await run({ port: echo.port, warn_s: 0.000001 })
    expect(result.status).toBe(1)
    expect(result.output).toMatch(/^TCP WARNING - /)
    expect(result.perfdata[0].warn).toEqual({ start: 0, end: 0.000001, inside: false })
  })

  it('targets the configured host rather than the host address when given', async () => {
    const result = await runCheck(tcp, tcp.config.parse({ host: LOOPBACK, port: echo.port }), { timeoutMs: 2000, address: '192.0.2.1' })
    expect(result.status).toBe(0)
  })
})
