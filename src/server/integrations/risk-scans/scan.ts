/**
 * What a scan report parser makes of a file: the findings (SPEC §3 Risk fields) with the report's own
 * names for hosts, ready for store/risks.ts to match against the environment's hosts. Text stays plain
 * text: it is stored and shown as it is, never as HTML.
 */
import type { RiskScanFormat, SolutionType } from '../../../shared/api/risks'
import { SOLUTION_TYPES } from '../../../shared/api/risks'
import type { XmlNode } from '../import/xml'

export interface ScanFinding {
  /** The report's name of the host, shown when it matches no host of the environment. */
  hostName: string
  /** Every name and address the report gives the host (name, IP, FQDN, NetBIOS name…), to match on. */
  hostKeys: string[]
  pluginId: string
  pluginName: string
  /** SPEC §4 RISK number */
  severity: number
  riskFactor: string
  synopsis: string
  description: string
  solution: string
  solutionType: SolutionType | null
  pluginOutput: string
  cvss: number | null
  cve: string[]
  cwe: string[]
  references: string[]
  port: number
  protocol: string
  affectedSoftware: string
  detectionMethod: string
  /** unix seconds the scanner first saw the finding, when the report says */
  firstSeenAt: number | null
  /** unix seconds the scanner last saw the finding, when the report says */
  verifiedAt: number | null
}

export interface ParsedScan {
  format: RiskScanFormat
  reportName: string
  scannedAt: number | null
  findings: ScanFinding[]
}

/** One format (STYLE.md "one kind, one file, one registry line"). */
export interface ScanParser {
  /** Whether the document is this format's, by its root element. */
  detect(root: XmlNode): boolean
  /** The findings; a document of this format that lacks what it must have is validation_failed. */
  parse(root: XmlNode): ParsedScan
}

/** Text of the first child named `tag`, trimmed ('' when absent). */
export const textOf = (node: XmlNode | undefined, tag: string) => node?.children.find((c) => c.tag === tag)?.text.trim() ?? ''
export const textsOf = (node: XmlNode, tag: string) =>
  node.children
    .filter((c) => c.tag === tag)
    .map((c) => c.text.trim())
    .filter(Boolean)

export function numberOf(s: string): number | null {
  if (!s.trim()) return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}

/** Unix seconds of a report date: unix seconds, ISO 8601, or Nessus' "Fri Dec 11 03:25:29 2009". */
export function timeOf(s: string): number | null {
  const t = s.trim()
  if (/^\d{9,11}$/.test(t)) return Number(t)
  const ms = t ? Date.parse(t) : NaN
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null
}

/** SPEC §4 RISK from a CVSS-like score, by the CVSS v3 qualitative bands (0 none, 0.1 low, 4 medium, 7 high, 9 critical). */
export function severityOfScore(score: number): number {
  if (score >= 9) return 4
  if (score >= 7) return 3
  if (score >= 4) return 2
  if (score > 0) return 1
  return 0
}

/** SPEC §4 RISK from a scanner's word for it (Nessus risk_factor, OpenVAS threat); null when unknown. */
export function severityOfWord(word: string): number | null {
  const w = word.trim().toLowerCase()
  const table: Record<string, number> = { none: 0, log: 0, debug: 0, info: 0, low: 1, medium: 2, high: 3, critical: 4 }
  return w in table ? table[w] : null
}

export const solutionTypeOf = (s: string): SolutionType | null =>
  SOLUTION_TYPES.find((t) => t.toLowerCase() === s.trim().toLowerCase()) ?? null

/** "CWE-79" from "79", "CWE:79" or "CWE-79". */
export function cweOf(s: string): string | null {
  const m = /^(?:CWE[-:]?)?\s*(\d{1,6})$/i.exec(s.trim())
  return m ? `CWE-${m[1]}` : null
}

export const unique = (items: string[]) => [...new Set(items.filter(Boolean))]
