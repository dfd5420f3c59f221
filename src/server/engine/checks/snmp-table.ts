/**
 * Reading an SNMP agent's tables, shared by the kinds that read more than one object (`inventory`, `sensors`): a
 * GET of several objects, a bounded GETBULK walk of a table (or of one of its columns) into rows, and the values
 * as text or numbers.
 */
import netSnmp, { type Session, type Varbind } from 'net-snmp'

/** A varbind's value as net-snmp decodes it: a number, an OCTET STRING's bytes, an OID's text. */
export type SnmpValue = string | number | Buffer | null

/** Rows of a table walk: index (the OID after the column) → column number → value. */
export type SnmpTable = Map<string, Map<number, SnmpValue>>

/** Text of an OCTET STRING (control characters dropped), a number as it is. */
export function text(value: SnmpValue): string | null {
  if (value === null) return null
  const s = Buffer.isBuffer(value) ? value.toString('utf8') : String(value)
  return s.replace(/\p{Cc}/gu, '').trim()
}

export const num = (value: SnmpValue) => (typeof value === 'number' ? value : null)

/** One GET of `oids`; an object the agent lacks comes back as a varbind error (`netSnmp.isVarbindError`). */
export function get(session: Session, oids: string[]): Promise<Varbind[]> {
  return new Promise((resolve, reject) => session.get(oids, (error, varbinds) => (error ? reject(error) : resolve(varbinds))))
}

/**
 * Walks the table whose entry is `entry` (its columns are `entry.<n>`), or only its column `column`, keeping at most
 * `maxRows` rows; `truncated` says when it stopped early. A walk goes column by column, so a whole-table walk that
 * stops early has read only the first column's rows: walk the columns you need separately when a table can be long.
 */
export function walkTable(
  session: Session,
  entry: string,
  maxRows: number,
  column?: number,
): Promise<{ table: SnmpTable; truncated: boolean }> {
  const table: SnmpTable = new Map()
  let truncated = false
  return new Promise((resolve, reject) =>
    session.subtree(
      column === undefined ? entry : `${entry}.${column}`,
      20,
      (varbinds) => {
        for (const vb of varbinds) {
          if (netSnmp.isVarbindError(vb)) continue
          const [col, ...index] = vb.oid.slice(entry.length + 1).split('.')
          const key = index.join('.')
          if (!table.has(key) && table.size >= maxRows) return (truncated = true)
          if (!table.has(key)) table.set(key, new Map())
          table.get(key)!.set(Number(col), vb.value as SnmpValue)
        }
      },
      (error) => (error ? reject(error) : resolve({ table, truncated })),
    ),
  )
}

/**
 * GETs the objects `oidsOf` names for each row of `indexes`, `rowsPerGet` rows a request so that an answer stays
 * within what small agents send in one datagram; an object the agent lacks is null.
 */
export async function getRows(
  session: Session,
  indexes: readonly string[],
  oidsOf: (index: string) => string[],
  rowsPerGet = 8,
): Promise<SnmpValue[][]> {
  const rows: SnmpValue[][] = []
  for (let i = 0; i < indexes.length; i += rowsPerGet) {
    const batch = indexes.slice(i, i + rowsPerGet).map(oidsOf)
    const varbinds = await get(session, batch.flat())
    let at = 0
    for (const oids of batch) {
      rows.push(varbinds.slice(at, at + oids.length).map((vb) => (netSnmp.isVarbindError(vb) ? null : (vb.value as SnmpValue))))
      at += oids.length
    }
  }
  return rows
}
