/**
 * Opening a map in the editor (SPEC §4 Maps): take the lock, renew it by heartbeat while the tab is open and
 * the person is active, release it on leaving; without the write right, or while another user holds the lock,
 * the draft opens read-only and says who holds it (SPEC §2 "A map locked by another user cannot be edited").
 */
import { useEffect, useState } from 'react'
import type { MapInfo } from '../../shared/api/maps'
import { errorExtraOf, errorKeyOf } from '../api'
import { fetchDocument, mapUrls, releaseLock, takeLock } from '../../viewer'
import { createEditor, type Editor } from '../model/editor'
import { openSession, type Session } from './session'
import { getToken } from '../../app/guard'

/** Heartbeat period; the lock itself lasts MAP_LOCK_EXPIRY_S (SPEC §9) after the last one. */
export const HEARTBEAT_MS = 60_000

export type EditorSession =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string }
  | { kind: 'edit'; session: Session; editor: Editor }
  | { kind: 'view'; editor: Editor; reason: 'locked' | 'no_write'; holder?: string }

/** Releases the lock when the tab closes: a request that outlives the page. */
function releaseOnUnload(mapId: number) {
  const token = getToken()
  void fetch(`/api/v1/${mapUrls.lock(mapId)}`, {
    method: 'DELETE',
    keepalive: true,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => undefined)
}

export function useEditorSession(map: MapInfo | undefined, userId: number | undefined): EditorSession {
  const [result, setResult] = useState<EditorSession>({ kind: 'loading' })
  const mapId = map?.id
  const canWrite = map?.allowed_actions.includes('write') ?? false

  useEffect(() => {
    if (mapId === undefined || userId === undefined) return
    let cancelled = false
    let session: Session | null = null
    let locked = false
    let heartbeat: ReturnType<typeof setInterval> | undefined
    let active = true
    const markActive = () => {
      active = true
    }
    const onPageHide = () => {
      if (locked) releaseOnUnload(mapId)
    }

    async function openReadOnly(reason: 'locked' | 'no_write', holder?: string) {
      const draft = await fetchDocument(mapId!, 'draft')
      if (!cancelled) setResult({ kind: 'view', editor: createEditor(draft.document, { readOnly: true }), reason, holder })
    }

    async function open() {
      if (!canWrite) return openReadOnly('no_write')
      try {
        await takeLock(mapId!)
        locked = true
      } catch (error) {
        if (errorKeyOf(error) === 'map_not_locked_by_user') return openReadOnly('locked', String(errorExtraOf(error).username ?? ''))
        throw error
      }
      session = await openSession(mapId!, userId!)
      if (cancelled) return session.close()
      setResult({ kind: 'edit', session, editor: session.editor })
      window.addEventListener('pagehide', onPageHide)
      for (const type of ['pointerdown', 'keydown', 'wheel'] as const) window.addEventListener(type, markActive, { passive: true })
      heartbeat = setInterval(() => {
        // SPEC §4: the lock is released after 30 minutes of inactivity, so only an active person renews it.
        if (!active) return
        active = false
        takeLock(mapId!).catch((error: unknown) => {
          if (errorKeyOf(error) === 'map_not_locked_by_user') session?.editor.set({ readOnly: true })
        })
      }, HEARTBEAT_MS)
    }

    open().catch((error: unknown) => {
      if (!cancelled) setResult({ kind: 'failed', error: errorKeyOf(error) ?? 'internal_error' })
    })
    return () => {
      cancelled = true
      clearInterval(heartbeat)
      window.removeEventListener('pagehide', onPageHide)
      for (const type of ['pointerdown', 'keydown', 'wheel'] as const) window.removeEventListener(type, markActive)
      const closing = session
      // Whatever is unsaved is saved before the lock goes (and stays in IndexedDB if that fails).
      void (closing ? closing.save() : Promise.resolve()).finally(() => {
        closing?.close()
        if (locked) void releaseLock(mapId).catch(() => undefined)
      })
      setResult({ kind: 'loading' })
    }
  }, [mapId, userId, canWrite])

  return result
}
