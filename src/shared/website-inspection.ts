/**
 * SPEC §3 "Website inspection config" and SPEC §5 "checked line by line, max 65535 characters". Vigil's reading:
 * each line is empty, a `#` comment, or a page path of the website (starting with `/`, no spaces) optionally
 * followed by text that page must contain. Each page becomes an HTTPS check of the host (host-tags.ts).
 */
import type { PlanHost, PlannedCheck } from './host-types'

/** SPEC §5: the most characters a website inspection config may have. */
export const WEBSITE_INSPECTION_MAX = 65_535

export interface InspectionPage {
  path: string
  content?: string
}

const LINE = /^(\/[!-~]*)(?:\s+(\S.*))?$/

/** The pages of a config, or the first line (1-based) that is not a page, a comment or empty. */
export function parseWebsiteInspection(config: string): { pages: InspectionPage[] } | { line: number } {
  const pages: InspectionPage[] = []
  const lines = config.split(/\r?\n/)
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const m = LINE.exec(line)
    if (!m || m[1].length > 2048) return { line: i + 1 }
    pages.push(m[2] ? { path: m[1], content: m[2].trim() } : { path: m[1] })
  }
  return { pages }
}

/** The HTTPS checks of the inspected pages. */
export function inspectionChecks(config: string, host: PlanHost): PlannedCheck[] {
  const parsed = parseWebsiteInspection(config)
  if (!('pages' in parsed)) return []
  return parsed.pages.map((p) => ({
    name: `Inspect ${p.path}`,
    kind: 'https',
    config: { path: p.path, host_header: host.hostname, ...(p.content ? { content: p.content } : {}) },
  }))
}
