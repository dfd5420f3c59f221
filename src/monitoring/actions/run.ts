/**
 * Runs the monitoring tables' action calls with the SPEC §8 action messages (src/app/actions; the ticket ones
 * are there too, shared with the risk screens). SPEC §7 "Multi-row
 * submissions: one submission per selected row, with a flag when more than one"; afterwards SPEC §4
 * "refresh auto-resumes after 5 seconds".
 */
import { atLeastOne, info, send, sendAll, success, warning, type ApiCall } from '../../app/actions'
import { i18n } from '../../app/i18n'
import { BulkResult } from '../../shared/api/bulk'
import { refreshAfterAction } from '../api'
import type { MonitoredRow } from '../model'
import { monitoringUi } from '../state'

/** After an action: refresh what it changed; after a multi-row one, resume refresh in 5 s (SPEC §4). */
export function finish(rows: readonly MonitoredRow[], multi: boolean): void {
  refreshAfterAction(rows)
  if (multi) monitoringUi.resumeAfterAction()
}

export async function runAcknowledge(calls: ApiCall[], names: string[], rows: readonly MonitoredRow[], multi: boolean) {
  const done = await sendAll(calls, (c, i) => send(c).then(() => names[i]))
  finish(rows, multi)
  atLeastOne(done).forEach((object) => success('acknowledged', { object }))
}

export async function runRemoveAcknowledgement(path: string, rows: readonly MonitoredRow[]) {
  info('removingAcknowledgement')
  await send({ path, method: 'DELETE' })
  finish(rows, false)
  success('acknowledgementRemoved')
}

export async function runSchedule(calls: ApiCall[], rows: readonly MonitoredRow[], multi: boolean) {
  // The text is plural-keyed (creatingMaintenance_one/_other): without a count i18next shows the raw key.
  info('creatingMaintenance', { count: calls.length })
  const done = await sendAll(calls, (c) => send(c))
  finish(rows, multi)
  atLeastOne(done)
  success('maintenanceCreated', { count: done.length })
}

export async function runRemoveMaintenance(path: string, rows: readonly MonitoredRow[]) {
  info('deletingMaintenance')
  await send({ path, method: 'DELETE' })
  finish(rows, false)
  success('maintenanceDeleted')
}

/**
 * "Act on everything the current filter matches": one request per entity (src/shared/api/bulk.ts). What
 * the server refused is listed per SPEC §8 key (`errors.{key}`), as a warning.
 */
export async function runBulk(calls: ApiCall[], infoKey: string | null, count: number) {
  if (infoKey) info(infoKey, { count })
  const results = await sendAll(calls, (c) => send(c, BulkResult))
  finish([], true)
  const done = atLeastOne(results).reduce((n, r) => n + r.done, 0)
  success('bulkDone', { count: done })
  const refused = new Map<string, number>()
  for (const r of results) for (const { key } of r.refused) refused.set(key, (refused.get(key) ?? 0) + 1)
  for (const [key, count] of refused) {
    warning('bulkRefused', { count, reason: i18n.t(`errors.${key}`, { defaultValue: key }) })
  }
}

/** SPEC §1 "Reschedule checks": the check runs now; a passive check (SPEC §2 check_type "1") has nothing to run. */
export async function runReschedule(path: string) {
  const answer = await send<{ rescheduled: boolean }>({ path, method: 'POST' })
  if (answer.rescheduled) success('rescheduled')
  else info('rescheduleNotActive')
}
