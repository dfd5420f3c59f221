/**
 * Issue 20: the probe's results on disk (SQLite) until the central server took them, so a link that is down
 * loses nothing and a restart of the probe neither. Read in order of checking: the server receives them in
 * that order, with their original check times.
 */
import SQLite from 'better-sqlite3'
import type { ProbeResult } from '../shared/api/probes'

export function openBuffer(file: string) {
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE IF NOT EXISTS results (seq INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, body TEXT NOT NULL)')
  const insert = db.prepare<[number, string]>('INSERT INTO results (at, body) VALUES (?, ?)')
  const oldest = db.prepare<[number], { seq: number; body: string }>('SELECT seq, body FROM results ORDER BY seq LIMIT ?')
  const drop = db.prepare<[number]>('DELETE FROM results WHERE seq <= ?')
  const dropOlder = db.prepare<[number]>('DELETE FROM results WHERE at < ?')
  const stats = db.prepare<[], { n: number; at: number | null }>('SELECT count(*) AS n, min(at) AS at FROM results')
  return {
    push(r: ProbeResult) {
      insert.run(r.at, JSON.stringify(r))
    },
    /** The oldest `limit` results and the last sequence number among them (to drop once sent). */
    peek(limit: number): { upTo: number; results: ProbeResult[] } {
      const rows = oldest.all(limit)
      return { upTo: rows.at(-1)?.seq ?? 0, results: rows.map((r) => JSON.parse(r.body) as ProbeResult) }
    },
    drop(upTo: number) {
      drop.run(upTo)
    },
    /** Drops what the server would refuse as too old (it keeps a week). */
    dropOlderThan(at: number) {
      dropOlder.run(at)
    },
    /** How many wait and the check time of the oldest. */
    stats() {
      const s = stats.get()!
      return { queued: s.n, oldestAt: s.at }
    },
    close() {
      db.close()
    },
  }
}
export type ResultBuffer = ReturnType<typeof openBuffer>
