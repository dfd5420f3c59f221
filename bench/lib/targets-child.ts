/**
 * Check targets for the engine benchmark, in their own process: plain TCP listeners and small node:http
 * servers on the loopback addresses 127.0.0.1…127.0.0.N, several ports each, so that hundreds of thousands
 * of short connections spread over many (address, port) pairs and never run out of ephemeral ports.
 *
 * `tcp` listeners behave as a service would: they wait for the client to hang up. `lean` listeners close as soon as
 * they accept (never reading, pauseOnConnect), the least a Node target can spend per connection: a second view
 * of the engine with less of its 2 cores taken by the targets (which in real use are other machines).
 *
 * Sends `{type: 'ready', tcp: Endpoint[], lean: Endpoint[], http: Endpoint[]}`; answers `{type: 'cpu'}` with its CPU time
 * (µs, user + system) and connection counts so far; ends on SIGTERM or when the parent goes.
 */
import http from 'node:http'
import net from 'node:net'
import { arg, tell } from './child'

export interface Endpoint {
  host: string
  port: number
}

const addresses = Number(arg('addresses') ?? 9)
const perAddress = Number(arg('ports') ?? 4)
let tcpConnections = 0
let httpRequests = 0
const servers: net.Server[] = []
const noop = () => {}

function listen(server: net.Server, host: string): Promise<Endpoint> {
  servers.push(server)
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen({ host, port: 0, backlog: 4096 }, () => resolve({ host, port: (server.address() as net.AddressInfo).port }))
  })
}

const body = Buffer.from('<html><body>ok</body></html>\n')
const tcp: Endpoint[] = []
const lean: Endpoint[] = []
const web: Endpoint[] = []
for (let a = 1; a <= addresses; a++) {
  const host = `127.0.0.${a}`
  for (let p = 0; p < perAddress; p++) {
    // The engine's tcp check connects and hangs up: nothing to do but let the socket close.
    tcp.push(
      await listen(
        net.createServer((s) => {
          tcpConnections++
          s.on('error', noop)
          s.resume()
        }),
        host,
      ),
    )
    lean.push(
      await listen(
        net.createServer({ pauseOnConnect: true }, (s) => {
          tcpConnections++
          s.destroy()
        }),
        host,
      ),
    )
    const server = http.createServer((req, res) => {
      httpRequests++
      req.resume()
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': body.length })
      res.end(body)
    })
    server.keepAliveTimeout = 1000
    web.push(await listen(server, host))
  }
}

process.on('message', (m: { type: string }) => {
  if (m.type !== 'cpu') return
  const u = process.cpuUsage()
  void tell({ type: 'cpu', us: u.user + u.system, tcpConnections, httpRequests })
})
const end = () => {
  for (const s of servers) s.close()
  process.exit(0)
}
process.on('SIGTERM', end)
process.on('disconnect', end)
await tell({ type: 'ready', tcp, lean, http: web })
