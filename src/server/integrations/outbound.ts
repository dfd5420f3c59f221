/**
 * One JSON request to a service a customer configured (issue 15 ticket providers), under the rules of issue 13
 * "Targets": unless a server admin saved the address (policy null), its name must pass the organization's
 * allowed names and every address it resolves to the target policy (no loopback, no server's own address…), and
 * the connection goes to the address that was judged, so a name that resolves elsewhere later cannot slip past.
 * Node's http(s) client rather than fetch: only it takes the resolved address while the Host header and TLS
 * still name the host. Redirects are not followed (one could lead anywhere); each request has a time limit.
 */
import http from 'node:http'
import type { LookupFunction } from 'node:net'
import https from 'node:https'
import { lookup } from 'node:dns/promises'
import { addressDenial, canonicalAddress, deniedOutput, nameDenial, targetRules } from '../engine/target-policy'
import { ownAddresses } from '../engine/own-addresses'
import { describeError } from '../engine/checks/common'
import type { AllowedTargets } from '../../shared/api/quotas'

/** The service could not be asked: a denied target, no answer, a broken connection, the time limit. */
export class Unreachable extends Error {}

interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT'
  url: URL
  headers: Record<string, string>
  body?: unknown
  /** the organization's allowed targets; null when a server admin saved the address */
  policy: AllowedTargets | null
  timeoutMs: number
}

export interface OutboundResponse {
  status: number
  /** the parsed JSON body, or the text when it is not JSON */
  body: unknown
}

// Bytes of answer read at most: a ticket or a page of 100 is far smaller.
const MAX_BODY = 4 * 1024 * 1024

/** The organization's target policy refuses the address (a kind of Unreachable: the request is never sent). */
export class TargetDenied extends Unreachable {}

/**
 * The address to connect to `host` (a name or an IP literal): null when trusted (policy null, the name is used),
 * else its first address once every one passed the policy. Throws TargetDenied, or Unreachable when the name
 * does not resolve.
 */
export async function judgedAddress(host: string, policy: AllowedTargets | null): Promise<{ address: string; family: number } | null> {
  if (!policy) return null
  const rules = targetRules(policy, ownAddresses())
  const literal = canonicalAddress(host)
  if (literal) {
    const why = addressDenial(rules, host)
    if (why) throw new TargetDenied(deniedOutput(host, why))
    return { address: literal.address, family: literal.family === 'ipv4' ? 4 : 6 }
  }
  const nameWhy = nameDenial(rules, host)
  if (nameWhy) throw new TargetDenied(deniedOutput(host, nameWhy))
  const addresses = await lookup(host, { all: true, verbatim: true }).catch((error: unknown) => {
    throw new Unreachable(`${host}: ${describeError(error)}`)
  })
  for (const a of addresses) {
    const why = addressDenial(rules, a.address)
    if (why) throw new TargetDenied(deniedOutput(`${host} (${a.address})`, why))
  }
  if (!addresses.length) throw new Unreachable(`${host}: host name not found`)
  return addresses[0]
}

/** The host of a URL as a name or a bare IP literal (URL keeps IPv6 in brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '')

/** A lookup that answers the judged address, in the form net.connect asks for (one, or all with autoSelectFamily). */
const pinnedLookup =
  (pinned: { address: string; family: number }): LookupFunction =>
  (_host, options, done) =>
    options.all ? done(null, [pinned]) : done(null, pinned.address, pinned.family)

function send(req: OutboundRequest, pinned: { address: string; family: number } | null, signal: AbortSignal): Promise<OutboundResponse> {
  const payload = req.body === undefined ? undefined : Buffer.from(JSON.stringify(req.body))
  const client = req.url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.request(req.url, {
      method: req.method,
      signal,
      headers: { ...req.headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}) },
      agent: false,
      // The judged address, whatever the name resolves to by now; Host and TLS server name stay the URL's host.
      ...(pinned ? { lookup: pinnedLookup(pinned) } : {}),
    })
    request.on('response', (res) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_BODY) request.destroy(new Unreachable(`answer larger than ${MAX_BODY} bytes`))
        else chunks.push(chunk)
      })
      res.on('error', reject)
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let body: unknown = text
        try {
          body = JSON.parse(text)
        } catch {
          /* not JSON: the text */
        }
        resolve({ status: res.statusCode ?? 0, body })
      })
    })
    request.on('error', reject)
    request.end(payload)
  })
}

/** Sends `req` and reads the whole answer, or throws Unreachable saying why it could not. */
export async function outboundJson(req: OutboundRequest): Promise<OutboundResponse> {
  const signal = AbortSignal.timeout(req.timeoutMs)
  const timedOut = () => new Unreachable(`no answer within ${req.timeoutMs / 1000} s`)
  const stopped = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(timedOut()), { once: true }))
  try {
    // A name lookup cannot be cancelled: the time limit stops waiting for it.
    const pinned = await Promise.race([judgedAddress(hostOf(req.url), req.policy), stopped])
    return await Promise.race([send(req, pinned, signal), stopped])
  } catch (error) {
    if (error instanceof Unreachable) throw error
    throw signal.aborted ? timedOut() : new Unreachable(`${req.url.host}: ${describeError(error)}`)
  } finally {
    stopped.catch(() => {})
  }
}
