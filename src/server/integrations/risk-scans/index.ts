/**
 * Vulnerability scan reports (DESIGN.md "importers (Nessus, OpenVAS …)"): the parsers by format, listed by
 * hand, and the one entry that picks a parser by the document's content (its root element), whatever the
 * file's name. Malformed XML is SPEC §8 invalid_input; well-formed XML of no known format, or a known
 * format missing what it must have, is validation_failed. Never a 500.
 */
import { ApiError } from '../../../shared/errors'
import type { RiskScanFormat } from '../../../shared/api/risks'
import { parseXml } from '../import/xml'
import type { ParsedScan, ScanParser } from './scan'
import { nessus } from './nessus'
import { openvas } from './openvas'

const scanParsers = { nessus, openvas } satisfies Record<RiskScanFormat, ScanParser>

export function parseScan(text: string): ParsedScan {
  if (!text.trim()) throw new ApiError('invalid_input', { field: 'body', reason: 'the file is empty' })
  const root = parseXml(text)
  const parser = Object.values(scanParsers).find((p) => p.detect(root))
  if (!parser)
    throw new ApiError('validation_failed', {
      field: 'body',
      reason: `not a Nessus v2 or OpenVAS report (root element <${root.tag.slice(0, 50)}>)`,
    })
  return parser.parse(root)
}

export type { ParsedScan, ScanFinding } from './scan'
