/**
 * `dnssec`: is a zone signed, and for how long do its signatures hold (SPEC §3 agentless check `dnssec`)? After
 * the common "DNSSEC expiry" checks: ask a resolver for the zone's SOA with the DNSSEC OK bit and judge the
 * signature (RRSIG) over it: none means the zone is not signed (CRITICAL), an expired or not yet valid one is
 * CRITICAL, one that expires within `crit_days` / `warn_days` is CRITICAL / WARNING. A SERVFAIL is what a
 * validating resolver answers for a zone whose signatures fail. Whether the resolver validated (its AD flag) is
 * said, not judged: the cryptography is the resolver's, none is done here.
 */
import dgram from 'node:dgram'
import { getServers } from 'node:dns'
import net from 'node:net'
import dnsPacket from 'dns-packet'
import { z } from 'zod'
import { failure, HostField, PortField, stopReason } from './common'
import { reach } from './reach'
import { perfItem } from '../../../shared/perfdata'
import { STATUS_WORD, type CheckContext, type CheckKind, type CheckResult, type ExitStatus } from './types'

export const DnssecConfig = z
  .object({
    /** the zone, or a name in it (the SOA answered names the zone) */
    zone: z.string().min(1).max(253),
    /** the resolver asked; by default the Vigil server's own (resolv.conf): a zone's signatures are public */
    server: HostField.optional(),
    port: PortField.default(53),
    warn_days: z.number().int().min(0).max(365).default(7),
    crit_days: z.number().int().min(0).max(365).default(3),
  })
  .refine((c) => c.crit_days <= c.warn_days, { message: 'crit_days must not exceed warn_days', path: ['crit_days'] })
export type DnssecConfig = z.infer<typeof DnssecConfig>

const RCODES: Readonly<Record<string, string>> = {
  NXDOMAIN: 'no such domain (NXDOMAIN)',
  SERVFAIL: 'server failure (SERVFAIL): a validating resolver answers so when the signatures do not verify',
  REFUSED: 'query refused',
}
const DAY_S = 86400
/** A decoded answer; dns-packet also gives its response code by name. */
export type DnsAnswer = dnsPacket.DecodedPacket & { rcode?: string }
const isoDay = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10)

/** One UDP question with the DNSSEC OK bit, answered within the check's time. */
function ask(address: string, port: number, zone: string, ctx: CheckContext): Promise<DnsAnswer> {
  const socket = dgram.createSocket(net.isIPv6(address) ? 'udp6' : 'udp4')
  const id = Math.floor(Math.random() * 65536)
  const query = dnsPacket.encode({
    type: 'query',
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type: 'SOA', name: zone }],
    additionals: [
      {
        type: 'OPT',
        name: '.',
        udpPayloadSize: 4096,
        extendedRcode: 0,
        ednsVersion: 0,
        flags: dnsPacket.DNSSEC_OK,
        flag_do: true,
        options: [],
      },
    ],
  })
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer)
      stop()
      socket.close()
    }
    const timer = setTimeout(() => {
      done()
      reject(new Error('no answer'))
    }, ctx.timeoutMs)
    const stop = ctx.onStop(() => {
      done()
      reject(new Error('stopped'))
    })
    socket.on('error', (err) => {
      done()
      reject(err)
    })
    socket.on('message', (message) => {
      let answer: DnsAnswer
      try {
        answer = dnsPacket.decode(message)
      } catch {
        return // not a DNS answer: wait for one
      }
      if (answer.id !== id) return
      done()
      resolve(answer)
    })
    socket.send(query, port, address)
  })
}

/** The verdict on an answer: signed, and for how long, as of `nowS`. */
export function judgeAnswer(answer: DnsAnswer, config: DnssecConfig, nowS: number): CheckResult {
  const rcode = answer.rcode ?? 'NOERROR'
  if (rcode !== 'NOERROR') return failure(2, `DNSSEC CRITICAL - ${config.zone}: ${RCODES[rcode] ?? rcode}`)
  const records = [...(answer.answers ?? []), ...(answer.authorities ?? [])]
  const soa = records.find((r) => r.type === 'SOA')
  if (!soa) return failure(2, `DNSSEC CRITICAL - ${config.zone}: no SOA record in the answer`)
  const zone = soa.name.replace(/\.$/, '') || '.'
  const signatures = records.flatMap((r) => (r.type === 'RRSIG' && r.data.typeCovered === 'SOA' ? [r.data] : []))
  if (signatures.length === 0) return failure(2, `DNSSEC CRITICAL - ${zone} is not signed (no RRSIG on its SOA)`)
  const soonest = signatures.reduce((a, b) => (b.expiration < a.expiration ? b : a))
  const daysLeft = (soonest.expiration - nowS) / DAY_S
  const validated = ((answer.flags ?? 0) & dnsPacket.AUTHENTIC_DATA) !== 0
  // Nagios ranges `N:`: alert below N days.
  const perfdata = [
    perfItem('days_left', Math.round(daysLeft * 10) / 10, '', {
      warn: { start: config.warn_days, end: null, inside: false },
      crit: { start: config.crit_days, end: null, inside: false },
    }),
  ]
  const signer = `algorithm ${soonest.algorithm}, key ${soonest.keyTag}`
  if (soonest.inception > nowS)
    return { status: 2, output: `DNSSEC CRITICAL - ${zone}: its signature is not valid before ${isoDay(soonest.inception)}`, perfdata }
  if (daysLeft <= 0)
    return { status: 2, output: `DNSSEC CRITICAL - ${zone}: its signatures expired on ${isoDay(soonest.expiration)} (${signer})`, perfdata }
  const status: ExitStatus = daysLeft <= config.crit_days ? 2 : daysLeft <= config.warn_days ? 1 : 0
  const days = Math.floor(daysLeft)
  return {
    status,
    output:
      `DNSSEC ${STATUS_WORD[status]} - ${zone} is signed (${signer}); its signatures expire ${isoDay(soonest.expiration)} ` +
      `(in ${days} day${days === 1 ? '' : 's'}); ${validated ? 'validated by the resolver' : 'not validated by the resolver'}`,
    perfdata,
  }
}

async function dnssecCheck(config: DnssecConfig, ctx: CheckContext): Promise<CheckResult> {
  let address: string
  if (config.server) {
    // A resolver a tenant names is a target like any other (issue 13 target policy).
    const target = await reach(config.server, ctx)
    if (!('address' in target)) return failure(target.status, `DNSSEC ${STATUS_WORD[target.status]} - ${target.output}`)
    address = target.address
  } else {
    const [first] = getServers()
    if (!first) return failure(3, 'DNSSEC UNKNOWN - the Vigil server has no resolver configured')
    address = first.replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/^([\d.]+):\d+$/, '$1')
  }
  const port = config.server ? config.port : 53
  try {
    return judgeAnswer(await ask(address, port, config.zone, ctx), config, Math.floor(Date.now() / 1000))
  } catch (error) {
    if (ctx.signal.aborted) return failure(2, `DNSSEC CRITICAL - ${stopReason(ctx)} asking ${address}:${port} for ${config.zone}`)
    return failure(2, `DNSSEC CRITICAL - ${address}:${port} for ${config.zone}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

export const dnssec: CheckKind<DnssecConfig> = { kind: 'dnssec', config: DnssecConfig, run: dnssecCheck }
