/**
 * What the SNMP check kinds (`snmp`, `inventory`) share: the host's sealed community (issue 13: never in a check's
 * configuration, never in output), reaching the agent under the target policy, and one v2c session per run that
 * ends once — with the kind's result, a socket error or the check being stopped.
 */
import net from 'node:net'
import netSnmp, { type Session } from 'net-snmp'
import { failure, stopReason } from './common'
import { throughPolicy } from './reach'
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
function requestFailure(label: string, where: string, error: Error): CheckResult {
  return error.name === 'RequestTimedOutError'
    ? failure(2, `${label} CRITICAL - no response from ${where} (agent down or community refused)`)
    : failure(2, `${label} CRITICAL - ${where}: ${error.message}`)
}

export function withAgent(run: AgentRun, ctx: CheckContext): Promise<CheckResult> {
  const community = ctx.secrets.snmp_community
  if (!community) return Promise.resolve(failure(3, `${run.label} UNKNOWN - the host has no SNMP community: set its secret snmp_community`))
  return throughPolicy(run.label, run.host, ctx, (address) => {
    const where = `${run.host} port ${run.port}`
    const session = netSnmp.createSession(address, community, {
      port: run.port,
      version: netSnmp.Version2c,
      retries: run.retries,
      timeout: run.timeoutMs,
      transport: net.isIPv6(address) ? 'udp6' : 'udp4',
    })
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
      run.ask(session, where).then(settle, (error: Error) => settle(requestFailure(run.label, where, error)))
    })
  })
}
