/**
 * The `ports` check (SPEC §3 asset sections "open ports" and "external overview"): real TCP servers on loopback,
 * one that greets and one that waits, and a port nothing listens on; what is open, what it said, and the verdicts
 * of `allowed` and `required`. A customer's scan of the server's own addresses is refused without a packet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { ports, type PortsConfig } from '../../src/server/engine/checks/ports'
import { closedPort, LOOPBACK, tcpServer, type Listening } from '../fixtures/loopback'

const ADMIN = null
const run = (config: z.input<typeof PortsConfig>, policy: { networks: string[]; names: string[] } | null = ADMIN) =>
  runCheck(ports, ports.config.parse(config), { timeoutMs: 3000, address: LOOPBACK, policy })

describe('ports check', () => {
  let greeter: Listening
  let silent: Listening
  let closed: number
  let connections = 0
  beforeAll(async () => {
    greeter = await tcpServer((socket) => {
      connections++
      socket.write('SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n')
    })
    silent = await tcpServer(() => {
      connections++
    })
    closed = await closedPort()
  })
  afterAll(async () => {
    await greeter.close()
    await silent.close()
  })

  it('lists the open ports with what each said first, and leaves closed ones out', async () => {
    const result = await run({ ports: [closed, silent.port, greeter.port] })
    const open = [greeter.port, silent.port].sort((a, b) => a - b)
    expect(result.status).toBe(0)
    expect(result.output).toBe(`PORTS OK - 2 of 3 ports of ${LOOPBACK} open: ${open.join(', ')}`)
    expect(result.inventory?.open_ports).toEqual(
      open.map((port) => ({
        port,
        protocol: 'tcp',
        service: null,
        banner: port === greeter.port ? 'SSH-2.0-OpenSSH_9.2p1 Debian-2' : null,
      })),
    )
    expect(result.inventory?.external_overview).toEqual([
      { address: LOOPBACK, reverse_dns: expect.any(String), ports_scanned: 3, open_ports: 2, services: open.join(', ') },
    ])
    expect(result.perfdata).toEqual([expect.objectContaining({ label: 'open', value: 2, max: 3 })])
  })

  it('warns of an open port that is not allowed', async () => {
    const result = await run({ ports: [silent.port, greeter.port], allowed: [greeter.port] })
    expect(result.status).toBe(1)
    expect(result.output).toMatch(new RegExp(` - open though not allowed: ${silent.port}$`))
  })

  it('is CRITICAL when a required port is closed, and scans it even when not listed', async () => {
    const result = await run({ ports: [greeter.port], required: [closed] })
    expect(result.status).toBe(2)
    expect(result.output).toBe(`PORTS CRITICAL - 1 of 2 ports of ${LOOPBACK} open: ${greeter.port} - closed though required: ${closed}`)
  })

  it('names well-known services by their IANA names', async () => {
    // All of 127/8 is loopback: a printer's port on an address of its own.
    const printer = await tcpServer(() => {}, '127.0.0.3', 9100)
    try {
      const result = await run({ host: '127.0.0.3', ports: [9100, closed] })
      expect(result.output).toBe('PORTS OK - 1 of 2 ports of 127.0.0.3 open: 9100 (jetdirect)')
      expect(result.inventory?.open_ports).toEqual([{ port: 9100, protocol: 'tcp', service: 'jetdirect', banner: null }])
      expect(result.inventory?.external_overview?.[0]).toMatchObject({ services: 'jetdirect' })
    } finally {
      await printer.close()
    }
  })

  it("refuses a customer's scan of the server's own addresses without connecting", async () => {
    const before = connections
    const result = await run({ ports: [greeter.port, silent.port] }, { networks: [], names: [] })
    expect(result.status).toBe(3)
    expect(result.output).toMatch(/^PORTS UNKNOWN - /)
    expect(result.inventory).toBeUndefined()
    expect(connections).toBe(before)
  })

  it('refuses more ports than one scan may try', () => {
    const many = Array.from({ length: 1025 }, (_, i) => i + 1)
    expect(ports.config.safeParse({ ports: many }).success).toBe(false)
    expect(ports.config.safeParse({ ports: [0] }).success).toBe(false)
    // Listed and required together: one scan's limit still holds.
    const low = Array.from({ length: 1000 }, (_, i) => i + 1)
    const high = Array.from({ length: 100 }, (_, i) => i + 2001)
    expect(ports.config.safeParse({ ports: low, required: high }).success).toBe(false)
    expect(ports.config.safeParse({ ports: low, required: low.slice(0, 100) }).success).toBe(true)
  })
})
