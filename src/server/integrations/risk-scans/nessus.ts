/**
 * Nessus v2 (`.nessus`): NessusClientData_v2 > Report > ReportHost (name; HostProperties tags host-ip,
 * host-fqdn, netbios-name, HOST_END) > ReportItem (pluginID, pluginName, severity 0–4, port, protocol;
 * risk_factor, synopsis, description, solution, plugin_output, cvss3_base_score / cvss_base_score, cve,
 * cwe, see_also, xref, cpe, plugin_type, first_found / last_found). Nessus' severity 0–4 (info … critical)
 * is SPEC §4 RISK as it is. Items with pluginID 0 are the port scanner's open-port notes, not findings.
 */
import { ApiError } from '../../../shared/errors'
import { readJson } from '../../store/json'
import { childNamed, childrenNamed, type XmlNode } from '../import/xml'
import { cweOf, numberOf, severityOfWord, textOf, textsOf, timeOf, unique, type ScanFinding, type ScanParser } from './scan'

function hostProperties(host: XmlNode): Map<string, string> {
  const props = childNamed(host, 'HostProperties')
  return new Map((props ? childrenNamed(props, 'tag') : []).map((t) => [t.attrs.name ?? '', t.text.trim()]))
}

/** see_also: URLs one per line, or (Tenable exports) a JSON list of them. */
function urlsOf(text: string): string[] {
  if (text.startsWith('[')) {
    const list = readJson<unknown>(text, null)
    if (Array.isArray(list)) return list.filter((u): u is string => typeof u === 'string').map((u) => u.trim())
  }
  return text.split(/\s+/)
}

function finding(item: XmlNode, host: { name: string; keys: string[]; end: number | null }): ScanFinding | null {
  const pluginId = (item.attrs.pluginID ?? '').trim()
  if (!pluginId || pluginId === '0') return null
  const riskFactor = textOf(item, 'risk_factor')
  const declared = numberOf(item.attrs.severity ?? '')
  const severity =
    declared !== null && Number.isInteger(declared) && declared >= 0 && declared <= 4 ? declared : (severityOfWord(riskFactor) ?? 0)
  const xrefs = textsOf(item, 'xref')
  return {
    hostName: host.name,
    hostKeys: host.keys,
    pluginId,
    pluginName: (item.attrs.pluginName ?? '').trim() || textOf(item, 'plugin_name'),
    severity,
    riskFactor,
    synopsis: textOf(item, 'synopsis'),
    description: textOf(item, 'description'),
    solution: textOf(item, 'solution'),
    solutionType: null,
    pluginOutput: textOf(item, 'plugin_output'),
    cvss:
      numberOf(textOf(item, 'cvss3_base_score')) ??
      numberOf(textOf(item, 'cvssv3')) ??
      numberOf(textOf(item, 'cvss_base_score')) ??
      numberOf(textOf(item, 'cvss')),
    cve: unique(textsOf(item, 'cve')),
    cwe: unique([...textsOf(item, 'cwe'), ...xrefs.filter((x) => /^CWE:/i.test(x))].map((c) => cweOf(c) ?? '')),
    references: unique(textsOf(item, 'see_also').flatMap(urlsOf)),
    port: Math.max(0, Math.trunc(numberOf(item.attrs.port ?? '') ?? 0)),
    protocol: (item.attrs.protocol ?? '').trim().toLowerCase(),
    affectedSoftware: textsOf(item, 'cpe').join(', '),
    detectionMethod: textOf(item, 'plugin_type'),
    firstSeenAt: timeOf(textOf(item, 'first_found')),
    verifiedAt: timeOf(textOf(item, 'last_found')) ?? host.end,
  }
}

export const nessus: ScanParser = {
  detect: (root) => root.tag === 'NessusClientData_v2',
  parse(root) {
    const reports = childrenNamed(root, 'Report')
    if (!reports.length) throw new ApiError('validation_failed', { field: 'body', reason: 'a Nessus file without a Report' })
    const findings: ScanFinding[] = []
    let scannedAt: number | null = null
    for (const report of reports) {
      for (const h of childrenNamed(report, 'ReportHost')) {
        const props = hostProperties(h)
        const name = (h.attrs.name ?? '').trim() || props.get('host-fqdn') || props.get('host-ip') || ''
        if (!name) throw new ApiError('validation_failed', { field: 'body', reason: 'a ReportHost without a name' })
        const end = (props.get('HOST_END_TIMESTAMP') && timeOf(props.get('HOST_END_TIMESTAMP')!)) || timeOf(props.get('HOST_END') ?? '')
        if (end !== null) scannedAt = Math.max(scannedAt ?? 0, end)
        const keys = unique([
          name,
          props.get('host-ip') ?? '',
          props.get('host-fqdn') ?? '',
          props.get('hostname') ?? '',
          props.get('netbios-name') ?? '',
        ])
        for (const item of childrenNamed(h, 'ReportItem')) {
          const f = finding(item, { name, keys, end })
          if (f) findings.push(f)
        }
      }
    }
    return { format: 'nessus', reportName: reports[0].attrs.name ?? '', scannedAt, findings }
  },
}
