/**
 * OpenVAS / Greenbone XML reports: report [> report] > results > result (host with hostname, port
 * "80/tcp" or "http (80/tcp)" or "general/tcp", nvt (oid, name, cvss_base, tags "summary=…|insight=…|
 * solution_type=…", solution[type], refs > ref type=cve|cwe|url; older reports: cve, xref, risk_factor),
 * threat (Log, Low, Medium, High, Critical), severity score, description = what was found on this host,
 * qod > type). SPEC §4 RISK comes from the severity score by the CVSS bands (9+ is veryhigh, as Nessus'
 * critical), else from the threat word. False positives (threat "False Positive", score below 0) are left out.
 */
import { ApiError } from '../../../shared/errors'
import { childNamed, childrenNamed, type XmlNode } from '../import/xml'
import {
  cweOf,
  numberOf,
  severityOfScore,
  severityOfWord,
  solutionTypeOf,
  textOf,
  timeOf,
  unique,
  type ScanFinding,
  type ScanParser,
} from './scan'

/** The `results` of a report; a GMP answer nests the report in another `report`. */
function resultsOf(root: XmlNode): XmlNode | undefined {
  return (
    childNamed(root, 'results') ??
    childrenNamed(root, 'report')
      .map((r) => childNamed(r, 'results'))
      .find(Boolean)
  )
}

/** nvt tags: `key=value` pairs joined by bars (values may hold bars that do not start a new key). */
function tagsOf(nvt: XmlNode | undefined): Map<string, string> {
  const text = textOf(nvt, 'tags')
  return new Map(
    text
      ? text.split(/\|(?=[a-z_]+=)/i).map((p) => {
          const i = p.indexOf('=')
          // Values are prose wrapped and indented by the report's pretty-printing: lines are trimmed.
          return [
            p.slice(0, i).trim(),
            p
              .slice(i + 1)
              .split('\n')
              .map((l) => l.trim())
              .join('\n')
              .trim(),
          ] as [string, string]
        })
      : [],
  )
}

/** A port field is "http (80/tcp)": what is longer is no port. */
const PORT_MAX = 64

/** Port number and protocol of "80/tcp", "http (80/tcp)", "general/tcp" (0: the host as a whole). */
function portOf(text: string): { port: number; protocol: string } {
  // Cut and bounded: unbounded `\d+` over a long run of digits without a slash was quadratic (issue 13).
  const s = text.slice(-PORT_MAX)
  const m = /(\d{1,5})\/(\w{1,16})\)?\s*$/.exec(s) ?? /\b(\w{1,16})\/(\w{1,16})\s*$/.exec(s)
  if (!m) return { port: 0, protocol: '' }
  const port = Number(m[1])
  return { port: Number.isInteger(port) && port <= 65535 ? port : 0, protocol: m[2].toLowerCase() }
}

function refsOf(nvt: XmlNode | undefined, type: string): string[] {
  const refs = nvt && childNamed(nvt, 'refs')
  return refs
    ? childrenNamed(refs, 'ref')
        .filter((r) => r.attrs.type?.toLowerCase() === type)
        .map((r) => (r.attrs.id ?? '').trim())
    : []
}

function finding(result: XmlNode): ScanFinding | null {
  const nvt = childNamed(result, 'nvt')
  const pluginId = (nvt?.attrs.oid ?? '').trim()
  const threat = textOf(result, 'threat')
  const score = numberOf(textOf(result, 'severity')) ?? numberOf(textOf(nvt, 'cvss_base'))
  if (!pluginId || threat.toLowerCase() === 'false positive' || (score !== null && score < 0)) return null
  const hostNode = childNamed(result, 'host')
  const hostName = hostNode?.text.trim() ?? ''
  if (!hostName) throw new ApiError('validation_failed', { field: 'body', reason: 'a result without a host' })
  const tags = tagsOf(nvt)
  const solutionNode = nvt && childNamed(nvt, 'solution')
  const oldCves = textOf(nvt, 'cve')
    .split(/[,\s]+/)
    .filter((c) => /^CVE-/i.test(c))
  const oldRefs = textOf(nvt, 'xref')
    .split(/,\s*/)
    .flatMap((x) => (/^URL:/i.test(x) ? [x.slice(4).trim()] : []))
  const qod = childNamed(result, 'qod')
  return {
    hostName,
    hostKeys: unique([hostName, textOf(hostNode, 'hostname')]),
    pluginId,
    pluginName: textOf(nvt, 'name') || textOf(result, 'name'),
    severity: score !== null ? severityOfScore(score) : (severityOfWord(threat) ?? 0),
    riskFactor: textOf(nvt, 'risk_factor') || threat,
    synopsis: tags.get('summary') ?? '',
    description: [tags.get('insight'), tags.get('impact')].filter(Boolean).join('\n\n'),
    solution: solutionNode?.text.trim() || (tags.get('solution') ?? ''),
    solutionType: solutionTypeOf(solutionNode?.attrs.type ?? tags.get('solution_type') ?? ''),
    pluginOutput: textOf(result, 'description'),
    cvss: score,
    cve: unique([...refsOf(nvt, 'cve'), ...oldCves]),
    cwe: unique(refsOf(nvt, 'cwe').map((c) => cweOf(c) ?? '')),
    references: unique([...refsOf(nvt, 'url'), ...oldRefs]),
    ...portOf(textOf(result, 'port')),
    affectedSoftware: tags.get('affected') ?? '',
    detectionMethod: tags.get('vuldetect') || textOf(qod, 'type') || (tags.get('qod_type') ?? tags.get('qodType') ?? ''),
    firstSeenAt: null,
    verifiedAt: timeOf(textOf(result, 'modification_time')) ?? timeOf(textOf(result, 'creation_time')),
  }
}

export const openvas: ScanParser = {
  detect: (root) => root.tag === 'report' && resultsOf(root) !== undefined,
  parse(root) {
    const results = resultsOf(root)
    if (!results) throw new ApiError('validation_failed', { field: 'body', reason: 'an OpenVAS report without results' })
    const inner = childrenNamed(root, 'report')[0] ?? root
    return {
      format: 'openvas',
      reportName: textOf(root, 'name') || textOf(childNamed(root, 'task'), 'name'),
      scannedAt: timeOf(textOf(inner, 'scan_end')) ?? timeOf(textOf(root, 'creation_time')),
      findings: childrenNamed(results, 'result')
        .map(finding)
        .filter((f): f is ScanFinding => f !== null),
    }
  },
}
