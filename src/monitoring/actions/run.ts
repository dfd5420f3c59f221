/**
 * Runs the action calls with the SPEC §8 action messages: info while a ticket is created or closed, an
 * acknowledgement removed or maintenance created or deleted (5 s, SPEC §9 action info); success with the
 * object or ticket ids; failures are the API client's to show (SPEC §8 error handler). SPEC §7 "Multi-row
 * submissions: one submission per selected row, with a flag when more than one"; afterwards SPEC §4
 * "refresh auto-resumes after 5 seconds".
 */
import type { ZodType } from 'zod'
import { api } from '../../app/api'
import { i18n } from '../../app/i18n'
import { showMessage } from '../../app/shell'
import { BulkResult } from '../../shared/api/bulk'
import { TicketCloseResponse, TicketPostResponse } from '../../shared/api/tickets'
import { refreshAfterAction } from '../api'
import type { MonitoredRow } from '../model'
import { monitoringUi } from '../state'
import type { ApiCall } from './requests'

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`monitoring.actions.messages.${key}`, options)

export const info = (key: string, options?: Record<string, unknown>) =>
  showMessage({ variant: 'info', duration: 'action_info', text: t(key, options) })
export const success = (key: string, options?: Record<string, unknown>) => showMessage({ variant: 'success', text: t(key, options) })

export const send = <T = unknown>(call: ApiCall, schema?: ZodType<T>) =>
  api.request<T>(call.path, { method: call.method, body: call.body, schema })

/** Sends every call; the answers of those that succeeded, in order (failures were shown by the API client). */
export async function sendAll<T>(calls: readonly ApiCall[], one: (call: ApiCall, index: number) => Promise<T>): Promise<T[]> {
  const settled = await Promise.allSettled(calls.map((call, i) => one(call, i)))
  return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
}

/** After an action: refresh what it changed; after a multi-row one, resume refresh in 5 s (SPEC §4). */
export function finish(rows: readonly MonitoredRow[], multi: boolean): void {
  refreshAfterAction(rows)
  if (multi) monitoringUi.resumeAfterAction()
}

/** Throws when nothing succeeded, so the panel stays open for another try. */
function atLeastOne<T>(done: T[]): T[] {
  if (done.length === 0) throw new Error('no call succeeded')
  return done
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

/** SPEC §8 "ticket created/recreated/reacknowledged with id(s)". */
export async function runCreateTickets(calls: ApiCall[], rows: readonly MonitoredRow[], multi: boolean) {
  info('creatingTicket', { count: calls.length })
  const answers = await sendAll(calls, (c) => send(c, TicketPostResponse))
  finish(rows, multi)
  for (const kind of ['created', 'recreated', 'reacknowledged'] as const) {
    const ids = atLeastOne(answers)
      .filter((a) => (a.reacknowledged ? 'reacknowledged' : a.reopened ? 'recreated' : 'created') === kind)
      .map((a) => a.ticket_id)
    if (ids.length) success(`ticket_${kind}`, { ids: ids.join(', '), count: ids.length })
  }
}

/** SPEC §4 "note added" to an open ticket. */
export async function runTicketNote(call: ApiCall, rows: readonly MonitoredRow[], ticketId: string) {
  await send(call, TicketPostResponse)
  finish(rows, false)
  success('noteAdded', { id: ticketId })
}

export async function runCloseTicket(call: ApiCall, rows: readonly MonitoredRow[]) {
  info('closingTickets', { count: 1 })
  const answer = await send(call, TicketCloseResponse)
  finish(rows, false)
  success('ticketsClosed', { ids: answer.ticket_id, count: 1 })
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
    showMessage({ variant: 'warning', text: t('bulkRefused', { count, reason: i18n.t(`errors.${key}`, { defaultValue: key }) }) })
  }
}

/** SPEC §1 "Reschedule checks": the check runs now; a passive check (SPEC §2 check_type "1") has nothing to run. */
export async function runReschedule(path: string) {
  const answer = await send<{ rescheduled: boolean }>({ path, method: 'POST' })
  if (answer.rescheduled) success('rescheduled')
  else info('rescheduleNotActive')
}
