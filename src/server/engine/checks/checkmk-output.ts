/**
 * The text a Checkmk agent sends (Checkmk's documentation, "The agent's output"): sections headed `<<<name>>>` or
 * `<<<name:option:…>>>`, whose lines split at the ASCII code of a `sep(N)` option or else at whitespace. `<<<>>>`
 * ends a section; piggyback data for other hosts (`<<<<host>>>>` … `<<<<>>>>`) is not this host's and is skipped.
 * A section that comes twice (df, with its inode half) is one section, in order. Windows agents end lines in CR LF.
 */

export interface AgentSection {
  /** the lines, without their line ends */
  lines: string[]
  /** the sep(N) character, null for whitespace */
  sep: string | null
}

/** Sections by name. */
export type AgentOutput = Map<string, AgentSection>

const HEADER = /^<<<([^<>:]*)((?::[^<>]*)?)>>>$/
const PIGGYBACK = /^<<<<(.*)>>>>$/

export function parseAgentOutput(text: string): AgentOutput {
  const sections: AgentOutput = new Map()
  let current: AgentSection | null = null
  let piggyback = false
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    const other = PIGGYBACK.exec(line)
    if (other) {
      piggyback = other[1] !== ''
      current = null
      continue
    }
    if (piggyback) continue
    const header = HEADER.exec(line)
    if (header) {
      const name = header[1]
      if (!name) {
        current = null
        continue
      }
      const sep = /:sep\((\d+)\)/.exec(header[2])
      current = sections.get(name) ?? { lines: [], sep: sep ? String.fromCharCode(Number(sep[1])) : null }
      sections.set(name, current)
      continue
    }
    if (current && line.trim() !== '') current.lines.push(line)
  }
  return sections
}

/** A line's fields as its section splits them. */
export function fieldsOf(section: AgentSection, line: string): string[] {
  return section.sep === null ? line.trim().split(/\s+/) : line.split(section.sep)
}

/** The lines of `section` between the `[start]` marker and the next `[…]` marker (a sub-table of the section). */
export function subTable(section: AgentSection | undefined, start: string): string[] {
  if (!section) return []
  const from = section.lines.findIndex((l) => l.trim() === `[${start}]`)
  if (from === -1) return []
  const rest = section.lines.slice(from + 1)
  const end = rest.findIndex((l) => /^\[[^\]]+\]$/.test(l.trim()))
  return end === -1 ? rest : rest.slice(0, end)
}

/** `Key: value` lines (<<<check_mk>>>, <<<mem>>>) as a map. */
export function keyValues(section: AgentSection | undefined): Map<string, string> {
  const values = new Map<string, string>()
  for (const line of section?.lines ?? []) {
    const colon = line.indexOf(':')
    if (colon > 0) values.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  return values
}

/** The lines of the df section before its inode half (`[df_inodes_start]`) and outside its other sub-tables. */
export function plainLines(section: AgentSection | undefined): string[] {
  const lines: string[] = []
  let inside = false
  for (const line of section?.lines ?? []) {
    const marker = /^\[(\w+)_(start|end)\]$/.exec(line.trim())
    if (marker) inside = marker[2] === 'start'
    else if (!inside) lines.push(line)
  }
  return lines
}

/** The one row of a Windows agent's WMI table (`[table]`, a header line and a value line, fields split at `|`) by column. */
export function wmiRow(output: AgentOutput, section: string, table: string): Map<string, string> {
  const [header, row] = subTable(output.get(section), table)
  if (!header || !row) return new Map()
  const values = row.split('|')
  return new Map(header.split('|').map((name, i) => [name, values[i] ?? '']))
}
