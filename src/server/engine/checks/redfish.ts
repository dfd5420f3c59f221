/**
 * `redfish`: a server's hardware health as its BMC (HPE iLO, Dell iDRAC) reports it through the DMTF Redfish API
 * (SPEC §3 host admin field "ILO user", check option "ilo skips"). It signs in with the host's secrets `ilo_user` and
 * `password` (HTTP Basic, which Redfish services accept for reading) and reads each system of /redfish/v1/Systems and
 * each chassis of /redfish/v1/Chassis, where power supplies, fans and temperatures roll up. Health OK is OK, Warning
 * WARNING, Critical CRITICAL, anything else UNKNOWN; the worst component decides.
 */
import { z } from 'zod'
import { failure, firstLine, HostField, PortField, worstState } from './common'
import { fetchOnce } from './http-fetch'
import { throughPolicy } from './reach'
import { STATUS_WORD, type CheckContext, type CheckKind, type CheckResult, type ExitStatus } from './types'

export const RedfishConfig = z.object({
  /** defaults to the host's address */
  host: HostField.optional(),
  port: PortField.default(443),
  /** off by default: BMCs ship self-signed certificates, and few are ever given another */
  verify_tls: z.boolean().default(false),
  /** a BMC answers slowly: an iLO may take seconds per document */
  timeout_s: z.number().int().min(1).max(120).optional(),
})
export type RedfishConfig = z.infer<typeof RedfishConfig>

const LABEL = 'REDFISH'
/** Bytes of one document; a system or chassis is a few kilobytes, so more is not a Redfish answer. */
const MAX_DOCUMENT = 1024 * 1024
/** Members read of each collection: a blade enclosure lists many, a rack server one or two. */
const MAX_MEMBERS = 8
const HEALTH: Readonly<Record<string, ExitStatus>> = { OK: 0, Warning: 1, Critical: 2 }
/**
 * A link the engine follows: a path under /redfish/v1/ of the same BMC, without dot segments or a query. Never an
 * absolute URL: a device must not point the engine at another one.
 */
const MEMBER_PATH = /^\/redfish\/v1\/(?!.*(?:^|\/)\.{1,2}(?:\/|$))[\w.~!$&'()*+,;=:@%/-]*$/

type Document = Record<string, unknown>
/** What a BMC said, fit for an output line. */
const said = (value: unknown): string | undefined => (typeof value === 'string' && value ? firstLine(value, 100) : undefined)
const isDocument = (value: unknown): value is Document => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A read that failed: its result is the check's. */
class Unread {
  constructor(readonly result: CheckResult) {}
}

/** One component's verdict: its name and health for the summary and, when not OK, a line saying why. */
interface Verdict {
  status: ExitStatus
  name: string
  health: string
  power: string
  problem?: string
}

function judge(doc: Document, path: string, what: 'System' | 'Chassis'): Verdict {
  const status = isDocument(doc.Status) ? doc.Status : {}
  const health = said(status.HealthRollup) ?? said(status.Health)
  const name = said(doc.Model) ?? said(doc.Name) ?? said(doc.Id) ?? path
  const serial = said(doc.SerialNumber)
  let verdict = health === undefined ? 3 : (HEALTH[health] ?? 3)
  const problems = verdict === 0 ? [] : [`health ${health ?? 'not reported'}`]
  // A server that is off serves nothing, though nothing in it failed: someone should look, nobody need be woken.
  if (what === 'System' && doc.PowerState === 'Off') {
    verdict = worstState([verdict, 1])
    problems.push('powered Off')
  }
  const named = serial ? `${name} (${serial})` : name
  return {
    status: verdict,
    name: named,
    health: health ?? 'not reported',
    power: said(doc.PowerState) ?? 'not reported',
    ...(problems.length ? { problem: `${what} ${named}: ${problems.join(', ')}, state ${said(status.State) ?? 'not reported'}` } : {}),
  }
}

/** Reads the BMC's systems and chassis one document at a time: BMCs serve few connections at once. */
async function survey(
  config: RedfishConfig,
  host: string,
  address: string,
  ctx: CheckContext,
  authorization: string,
): Promise<CheckResult> {
  const headers = { accept: 'application/json', authorization }
  const request = {
    host,
    address,
    port: config.port,
    tls: true,
    verify_tls: config.verify_tls,
    method: 'GET' as const,
    headers,
    keep: MAX_DOCUMENT,
    limit: MAX_DOCUMENT,
  }
  const notes: string[] = []

  async function get(path: string): Promise<Document> {
    const where = firstLine(path, 120)
    const fetched = await fetchOnce({ ...request, path }, LABEL, ctx)
    if ('output' in fetched) throw new Unread(fetched)
    const code = fetched.response.statusCode ?? 0
    if (code === 401) throw new Unread(failure(2, `${LABEL} CRITICAL - login refused (check the ILO user and password)`))
    if (code !== 200) {
      throw new Unread(
        failure(3, `${LABEL} UNKNOWN - ${where} answered HTTP ${code} ${said(fetched.response.statusMessage) ?? ''}`.trimEnd()),
      )
    }
    if (fetched.size > MAX_DOCUMENT)
      throw new Unread(failure(3, `${LABEL} UNKNOWN - ${where} is larger than ${MAX_DOCUMENT / 1024 / 1024} MB`))
    let doc: unknown
    try {
      doc = JSON.parse(fetched.body)
    } catch {
      doc = undefined
    }
    if (!isDocument(doc)) throw new Unread(failure(3, `${LABEL} UNKNOWN - ${where} is not a Redfish JSON document`))
    return doc
  }

  /** The members of a collection, judged. */
  async function members(collection: string, what: 'System' | 'Chassis'): Promise<Verdict[]> {
    const listed = await get(collection)
    const links = Array.isArray(listed.Members) ? (listed.Members as unknown[]) : []
    if (links.length > MAX_MEMBERS) notes.push(`only the first ${MAX_MEMBERS} of ${links.length} members of ${collection} read`)
    const verdicts: Verdict[] = []
    for (const link of links.slice(0, MAX_MEMBERS)) {
      const path = isDocument(link) ? link['@odata.id'] : undefined
      if (typeof path !== 'string' || !MEMBER_PATH.test(path)) {
        notes.push(`member ${said(path) ?? '(no link)'} of ${collection} not followed: not a /redfish/v1/ path of this BMC`)
        continue
      }
      const doc = await get(path)
      // Nothing is installed in an absent slot: it has no health to judge.
      if (isDocument(doc.Status) && doc.Status.State === 'Absent') continue
      verdicts.push(judge(doc, path, what))
    }
    return verdicts
  }

  let systems: Verdict[]
  let chassis: Verdict[]
  try {
    systems = await members('/redfish/v1/Systems', 'System')
    chassis = await members('/redfish/v1/Chassis', 'Chassis')
  } catch (error) {
    if (error instanceof Unread) return error.result
    throw error
  }
  if (!systems.length) return failure(3, `${LABEL} UNKNOWN - the BMC lists no system at /redfish/v1/Systems`)
  const all = [...systems, ...chassis]
  const status = worstState(all.map((v) => v.status))
  const worstChassis = worstState(chassis.map((v) => v.status))
  const chassisHealth = chassis.find((v) => v.status === worstChassis)?.health ?? 'not listed'
  const summary = systems.map((v) => `${v.name} health ${v.health}, power ${v.power}`)
  const lines = [...all.flatMap((v) => (v.problem ? [v.problem] : [])), ...notes]
  return {
    status,
    output: `${LABEL} ${STATUS_WORD[status]} - ${summary.join('; ')}; chassis ${chassisHealth}`,
    ...(lines.length ? { long_output: lines.join('\n') } : {}),
    perfdata: [],
  }
}

/** Checks the hardware health once; the credentials never reach an output line. */
function hardwareHealth(config: RedfishConfig, ctx: CheckContext): Promise<CheckResult> {
  const user = ctx.secrets.ilo_user
  const password = ctx.secrets.password
  if (!user || !password) {
    return Promise.resolve(failure(3, `${LABEL} UNKNOWN - the host has no ILO user: set its secrets ilo_user and password`))
  }
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
  const host = config.host ?? ctx.address
  return throughPolicy(LABEL, host, ctx, (address) => survey(config, host, address, ctx, authorization))
}

export const redfish: CheckKind<RedfishConfig> = { kind: 'redfish', config: RedfishConfig, usesSecrets: true, run: hardwareHealth }
