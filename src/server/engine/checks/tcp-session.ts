/**
 * One TCP (or TLS) exchange shared by `tcp` and the banner kinds, as monitoring-plugins' check_tcp
 * serves check_ftp/check_imap/check_pop: connect, optionally send, optionally wait for an expected
 * answer, say goodbye politely, report the response time. Kept lean: it is the engine's fast path.
 */
import net from 'node:net'
import tls from 'node:tls'
import { describeError, failure, firstLine, stopReason, timePerf, timeStatus } from './common'
import { throughPolicy } from './reach'
import { STATUS_WORD, type CheckContext, type CheckResult } from './types'

interface TcpExchange {
  host: string
  port: number
  /** implicit TLS (imaps, pop3s, smtps); the certificate is not verified, only the service is */
  tls?: boolean
  send?: string
  /** wait for this text; without it the check ends once connected */
  expect?: string
  /** banners: the first line must start with `expect` rather than merely contain it */
  expect_prefix?: boolean
  /** sent after a matched answer so that the server logs a clean disconnect */
  quit?: string
  warn_s?: number
  crit_s?: number
}

// check_tcp reads a bounded amount too; a greeting or expected answer fits easily.
const MAX_READ = 8192

/** Runs one exchange; every failure is a result (SPEC §3: an unreachable target is CRITICAL). */
export function tcpExchange(label: string, x: TcpExchange, ctx: CheckContext): Promise<CheckResult> {
  return throughPolicy(label, x.host, ctx, (address) => exchange(label, x, address, ctx))
}

/** The exchange with `address`, the checked address of `x.host` (which still names the TLS server). */
function exchange(label: string, x: TcpExchange, address: string, ctx: CheckContext): Promise<CheckResult> {
  return new Promise((resolve) => {
    const where = `${x.host} port ${x.port}`
    const started = performance.now()
    // Nagle's delay only matters when we write; a connect-only check saves the setsockopt call.
    const options = { host: address, port: x.port, noDelay: x.send !== undefined || x.quit !== undefined }
    const socket: net.Socket = x.tls
      ? tls.connect({ ...options, rejectUnauthorized: false, servername: net.isIP(x.host) ? undefined : x.host })
      : net.connect(options)
    let received = ''
    let connected = false
    let settled = false

    const settle = (result: CheckResult, polite: boolean) => {
      if (settled) return
      settled = true
      unsubscribe()
      if (polite && x.quit) socket.end(x.quit, () => socket.destroy())
      else if (polite && x.send) socket.end(() => socket.destroy())
      else socket.destroy()
      resolve(result)
    }
    const unsubscribe = ctx.onStop(() => {
      const doing = connected ? 'waiting for a response from' : 'connecting to'
      settle(failure(2, `${label} CRITICAL - ${stopReason(ctx)} ${doing} ${where}`), false)
    })

    const done = () => {
      const seconds = (performance.now() - started) / 1000
      const status = timeStatus(seconds, x.warn_s, x.crit_s)
      const line = firstLine(received)
      settle(
        {
          status,
          output: `${label} ${STATUS_WORD[status]} - ${seconds.toFixed(3)} second response time on ${where}${line ? ` [${line}]` : ''}`,
          perfdata: [timePerf(seconds, x.warn_s, x.crit_s)],
        },
        true,
      )
    }
    const mismatch = () => {
      if (received === '') settle(failure(2, `${label} CRITICAL - no data received from ${where}`), false)
      // check_tcp's default for an unexpected answer (--mismatch) is WARNING: the service is there.
      else
        settle(
          failure(1, `${label} WARNING - unexpected response from ${where}: expected "${x.expect}", got "${firstLine(received)}"`),
          true,
        )
    }
    const examine = (final: boolean) => {
      const expect = x.expect as string
      if (x.expect_prefix) {
        if (!final && !received.includes('\n') && received.length < MAX_READ) return
        return received.startsWith(expect) ? done() : mismatch()
      }
      if (received.includes(expect)) return done()
      // As check_tcp: an answer that ends in a complete line without the text is a mismatch.
      if (final || received.endsWith('\n') || received.length >= MAX_READ) mismatch()
    }

    socket.once(x.tls ? 'secureConnect' : 'connect', () => {
      connected = true
      if (x.send) socket.write(x.send)
      if (x.expect === undefined) done()
    })
    if (x.expect !== undefined) {
      socket.setEncoding('latin1')
      socket.on('data', (chunk: string) => {
        if (settled) return
        received += chunk
        examine(false)
      })
      socket.once('end', () => examine(true))
    }
    socket.on('error', (error) => {
      const what = connected ? 'connection to' : 'cannot connect to'
      settle(failure(2, `${label} CRITICAL - ${what} ${where}: ${describeError(error)}`), false)
    })
  })
}
