/**
 * Issue 15 discovery: what one address answers. ICMP and TCP go through the engine's own check kinds (`ping`
 * forks the system's ping, `tcp` connects) with the organization's target policy, so a sweep reaches exactly
 * what a check could; SNMP asks the MIB-II system group with net-snmp; the reverse DNS name comes from the
 * configured resolver. Every probe has a time limit and ends when the sweep is cancelled.
 */
import net from 'node:net'
import { Resolver } from 'node:dns/promises'
import netSnmp from 'net-snmp'
import { checkKinds, runCheck } from '../engine/checks'
import type { TargetPolicy } from '../engine/target-policy'

/** How long one probe may take. */
export const PROBE_TIMEOUT_MS = 1500
// ping's own deadline is a whole second below our timeout (checks/ping.ts): one second of waiting for the echo.
const PING_TIMEOUT_MS = 2000
const SYS_DESCR = '1.3.6.1.2.1.1.1.0'
const SYS_OBJECT_ID = '1.3.6.1.2.1.1.2.0'
// sysDescr is free text of the device's choosing: one line of it is enough to guess from and to show.
const MAX_DESCR = 255

export interface ProbeContext {
  policy: TargetPolicy
  signal: AbortSignal
}

/** True when the address answers an ICMP echo. */
export async function answersPing(address: string, ctx: ProbeContext): Promise<boolean> {
  const r = await runCheck(checkKinds.ping, { packets: 1 }, { timeoutMs: PING_TIMEOUT_MS, address, ...ctx })
  return r.status < 2
}

/** True when a TCP connection to the port is accepted. */
export async function acceptsTcp(address: string, port: number, ctx: ProbeContext): Promise<boolean> {
  const r = await runCheck(checkKinds.tcp, { port }, { timeoutMs: PROBE_TIMEOUT_MS, address, ...ctx })
  return r.status === 0
}

const text = (value: unknown) =>
  (Buffer.isBuffer(value) ? value.toString('utf8') : typeof value === 'string' ? value : '')
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, MAX_DESCR)

/**
 * sysDescr and sysObjectID from an SNMP v2c agent, or null when none answers with this community. The address
 * has been judged by the caller against the same policy the check kinds apply; the community goes into the
 * request and nowhere else.
 */
export function snmpIdentity(
  address: string,
  community: string,
  port: number,
  signal: AbortSignal,
): Promise<{ sys_descr: string; sys_object_id: string } | null> {
  if (signal.aborted) return Promise.resolve(null)
  return new Promise((resolve) => {
    const session = netSnmp.createSession(address, community, {
      port,
      version: netSnmp.Version2c,
      retries: 0,
      timeout: PROBE_TIMEOUT_MS,
      transport: net.isIPv6(address) ? 'udp6' : 'udp4',
    })
    let settled = false
    const settle = (identity: { sys_descr: string; sys_object_id: string } | null) => {
      if (settled) return
      settled = true
      signal.removeEventListener('abort', stop)
      session.close()
      resolve(identity)
    }
    const stop = () => settle(null)
    signal.addEventListener('abort', stop, { once: true })
    session.on('error', stop)
    session.get([SYS_DESCR, SYS_OBJECT_ID], (error, varbinds) => {
      if (error) return settle(null)
      const [descr, objectId] = varbinds.map((v) => (netSnmp.isVarbindError(v) ? '' : text(v.value)))
      settle({ sys_descr: descr ?? '', sys_object_id: objectId ?? '' })
    })
  })
}

/** A resolver for one sweep's reverse lookups; `cancel()` ends the ones in flight. */
export const sweepResolver = () => new Resolver({ timeout: PROBE_TIMEOUT_MS, tries: 1 })
