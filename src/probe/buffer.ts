/**
 * Issue 20: the probe's results on disk (SQLite) until the central server took them, so a link that is down
 * loses nothing and a restart of the probe neither. Read in order of checking: the server receives them in
 * that order, with their original check times. The last checks the server assigned are kept too, so a probe
 * restarted while the link is down goes on checking; never with secrets (those checks wait for the link).
 */
import SQLite from 'better-sqlite3'
import type { ProbeCheck, ProbeResult } from '../shared/api/probes'

export function openBuffer(file: string) {
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE IF NOT EXISTS results (seq INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, body TEXT NOT NULL)')
  db.exec('CREATE TABLE IF NOT EXISTS work (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL)')
  const saveWork = db.prepare<[string]>('INSERT INTO work (id, body) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body')
  const readWork = db.prepare<[], { body: string }>('SELECT body FROM work')
  const insert = db.prepare<[number, string]>('INSERT INTO results (at, body) VALUES (?, ?)')
  const oldest = db.prepare<[number], { seq: number; body: string }>('SELECT seq, body FROM results ORDER BY seq LIMIT ?')
  const drop = db.prepare<[number]>('DELETE FROM results WHERE seq <= ?')
  const dropOlder = db.prepare<[number]>('DELETE FROM results WHERE at < ?')
  const stats = db.prepare<[], { n: number; at: number | null }>('SELECT count(*) AS n, min(at) AS at FROM results')
  return {
    push(r: ProbeResult) {
      insert.run(r.at, JSON.stringify(r))
    },
    /**
     * The oldest `limit` results, fewer when they would pass `maxBytes` of JSON (at least one: configuration backups
     * and inventories make large results, and the server takes bodies up to 12 MB), and the last sequence number
     * among them (to drop once sent).
     */
    peek(limit: number, maxBytes = Infinity): { upTo: number; results: ProbeResult[] } {
      const rows = oldest.all(limit)
      let bytes = 0
      const taken = rows.filter((r, i) => (bytes += r.body.length) <= maxBytes || i === 0)
      return { upTo: taken.at(-1)?.seq ?? 0, results: taken.map((r) => JSON.parse(r.body) as ProbeResult) }
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
    /** Keeps the assigned checks, less those that carry a host's secrets. */
    saveChecks(checks: ProbeCheck[]) {
      saveWork.run(JSON.stringify(checks.filter((c) => 'unknown' in c.run || !c.run.secrets)))
    },
    savedChecks(): ProbeCheck[] {
      const row = readWork.get()
      return row ? (JSON.parse(row.body) as ProbeCheck[]) : []
    },
    close() {
      db.close()
    },
  }
}
export type ResultBuffer = ReturnType<typeof openBuffer>
