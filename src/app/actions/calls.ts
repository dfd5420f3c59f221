/**
 * The SPEC §7 action calls as plain data and how they are sent with the SPEC §8 action messages: info while a
 * ticket is created or closed, an acknowledgement removed or maintenance created or deleted (5 s, SPEC §9 action
 * info); success with the object or ticket ids; failures are the API client's to show (SPEC §8 error handler).
 * Shared by every screen that acts on objects (monitoring tables, risks).
 */
import type { ZodType } from 'zod'
import { api } from '../api'
import { i18n } from '../i18n'
import { showMessage } from '../shell'

export interface ApiCall {
  path: string
  method: 'POST' | 'DELETE'
  body?: Record<string, unknown>
}

// The action messages are part of the feature texts (src/app/i18n/feature-texts.ts) that every acting screen loads.
const t = (key: string, options?: Record<string, unknown>) => i18n.t(`monitoring.actions.messages.${key}`, options)

export const info = (key: string, options?: Record<string, unknown>) =>
  showMessage({ variant: 'info', duration: 'action_info', text: t(key, options) })
export const success = (key: string, options?: Record<string, unknown>) => showMessage({ variant: 'success', text: t(key, options) })
export const warning = (key: string, options?: Record<string, unknown>) => showMessage({ variant: 'warning', text: t(key, options) })

export const send = <T = unknown>(call: ApiCall, schema?: ZodType<T>) =>
  api.request<T>(call.path, { method: call.method, body: call.body, schema })

/** Sends every call; the answers of those that succeeded, in order (failures were shown by the API client). */
export async function sendAll<T>(calls: readonly ApiCall[], one: (call: ApiCall, index: number) => Promise<T>): Promise<T[]> {
  const settled = await Promise.allSettled(calls.map((call, i) => one(call, i)))
  return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
}

/** Throws when nothing succeeded, so the panel stays open for another try. */
export function atLeastOne<T>(done: T[]): T[] {
  if (done.length === 0) throw new Error('no call succeeded')
  return done
}
