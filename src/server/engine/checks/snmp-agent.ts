/**
 * What the SNMP check kinds (`snmp`, `inventory`, `sensors`) share: the host's sealed credentials (issue 13: never in a check's
 * configuration, never in output) — its SNMPv3 user when it has one, else its v2c community —, reaching the agent
 * under the target policy, and one session per run that ends once — with the kind's result, a socket error or the
 * check being stopped.
 */
import net from 'node:net'
import netSnmp, { type Session, type SessionOptions, type User } from 'net-snmp'
import { failure, stopReason } from './common'
import { throughPolicy } from './reach'
import type { SNMP_V3_AUTH_PROTOCOLS, SNMP_V3_PRIV_PROTOCOLS } from '../../../shared/api/entities'
import type { CheckContext, CheckResult } from './types'

export interface AgentRun {
  /** the output's first word: SNMP, INVENTORY */
  label: string
  /** the agent's host name or address, and its port */
  host: string
  port: number
  retries: number
  timeoutMs: number
  /** asks the agent; `where` names it for output ("host port 161") */
  ask(session: Session, where: string): Promise<CheckResult>
}

/** The failure of a request, in words: an agent silently drops a wrong community, so a timeout names both causes. */
function requestFailure(label: string, where: string, error: Error, v3: boolean): CheckResult {
  return error.name === 'RequestTimedOutError'
    ? failure(2, `${label} CRITICAL - no response from ${where} (agent down or ${v3 ? 'SNMPv3 user' : 'community'} refused)`)
    : failure(2, `${label} CRITICAL - ${where}: ${error.message}`)
}

const AUTH = {
  md5: netSnmp.AuthProtocols.md5,
  sha: netSnmp.AuthProtocols.sha,
  sha224: netSnmp.AuthProtocols.sha224,
  sha256: netSnmp.AuthProtocols.sha256,
  sha384: netSnmp.AuthProtocols.sha384,
  sha512: netSnmp.AuthProtocols.sha512,
} satisfies Record<(typeof SNMP_V3_AUTH_PROTOCOLS)[number], number>
const PRIV = {
  des: netSnmp.PrivProtocols.des,
  aes: netSnmp.PrivProtocols.aes,
  aes256b: netSnmp.PrivProtocols.aes256b,
  aes256r: netSnmp.PrivProtocols.aes256r,
} satisfies Record<(typeof SNMP_V3_PRIV_PROTOCOLS)[number], number>

/** The host's SNMPv3 user (USM), with authentication and privacy as far as it has passphrases for them. */
function v3User(secrets: Readonly<Record<string, string>>): User {
  const auth = secrets.snmp_v3_auth_password
  const priv = auth && secrets.snmp_v3_priv_password
  return {
    name: secrets.snmp_v3_user,
    level: priv ? netSnmp.SecurityLevel.authPriv : auth ? netSnmp.SecurityLevel.authNoPriv : netSnmp.SecurityLevel.noAuthNoPriv,
    ...(auth ? { authProtocol: AUTH[secrets.snmp_v3_auth_protocol as keyof typeof AUTH] ?? AUTH.sha, authKey: auth } : {}),
    ...(priv ? { privProtocol: PRIV[secrets.snmp_v3_priv_protocol as keyof typeof PRIV] ?? PRIV.aes, privKey: priv } : {}),
  }
}

export function withAgent(run: AgentRun, ctx: CheckContext): Promise<CheckResult> {
  const community = ctx.secrets.snmp_community
  const v3 = !!ctx.secrets.snmp_v3_user
  if (!community && !v3)
    return Promise.resolve(
      failure(3, `${run.label} UNKNOWN - the host has no SNMP community or SNMPv3 user: set its secret snmp_community or snmp_v3_user`),
    )
  return throughPolicy(run.label, run.host, ctx, (address) => {
    const where = `${run.host} port ${run.port}`
    const options: SessionOptions = {
      port: run.port,
      retries: run.retries,
      timeout: run.timeoutMs,
      transport: net.isIPv6(address) ? 'udp6' : 'udp4',
    }
    const session = v3
      ? netSnmp.createV3Session(address, v3User(ctx.secrets), { ...options, version: netSnmp.Version3 })
      : netSnmp.createSession(address, community, { ...options, version: netSnmp.Version2c })
    return new Promise<CheckResult>((resolve) => {
      let settled = false
      const settle = (result: CheckResult) => {
        if (settled) return
        settled = true
        stop()
        session.close()
        resolve(result)
      }
      const stop = ctx.onStop(() => settle(failure(2, `${run.label} CRITICAL - ${stopReason(ctx)} waiting for ${where}`)))
      session.on('error', (error) => settle(failure(2, `${run.label} CRITICAL - ${where}: ${error.message}`)))
      run.ask(session, where).then(settle, (error: Error) => settle(requestFailure(run.label, where, error, v3)))
    })
  })
}
