/**
 * Opening a map in the editor (SPEC §4 Maps): take the lock, renew it by heartbeat while the tab is open and
 * the person is active, release it on leaving; without the write right, or while another session holds the
 * lock, the draft opens read-only and says who holds it (SPEC §2 "A map locked by another user cannot be
 * edited"). Issue 18: the lock is this tab's (TAB_SESSION); when the same user holds it in another tab or
 * session, this tab may take it over, and a tab that loses the lock keeps its work and may take it back.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { MapInfo } from '../../shared/api/maps'
import { errorKeyOf } from '../api'
import { fetchDocument, mapUrls, releaseLock, takeLock } from '../../viewer'
import { createEditor, type Editor } from '../model/editor'
import { openSession, type Session } from './session'
import { holderOf, lockLost, TAB_SESSION, type LockHolder } from './lock-holder'
import { getToken } from '../../app/guard'

/** Heartbeat period; the lock itself lasts MAP_LOCK_EXPIRY_S (SPEC §9) after the last one. */
export const HEARTBEAT_MS = 60_000

export type EditorSession =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string }
  | { kind: 'edit'; session: Session; editor: Editor; takeBack(): Promise<void> }
  | { kind: 'view'; editor: Editor; reason: 'locked'; holder: LockHolder; takeOver(): void }
  | { kind: 'view'; editor: Editor; reason: 'no_write' }

/** Releases the lock when the tab closes: a request that outlives the page. */
function releaseOnUnload(mapId: number) {
  const token = getToken()
  void fetch(`/api/v1/${mapUrls.lock(mapId)}?session=${TAB_SESSION}`, {
    method: 'DELETE',
    keepalive: true,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => undefined)
}

export function useEditorSession(map: MapInfo | undefined, userId: number | undefined): EditorSession {
  const [result, setResult] = useState<EditorSession>({ kind: 'loading' })
  // Opening again after "edit here instead" takes the lock over from the user's other session.
  const [attempt, setAttempt] = useState(0)
  const takingOver = useRef(false)
  const takeOver = useCallback(() => {
    takingOver.current = true
    setAttempt((n) => n + 1)
  }, [])
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

    async function openReadOnly(holder?: LockHolder) {
      const draft = await fetchDocument(mapId!, 'draft')
      if (cancelled) return
      const editor = createEditor(draft.document, { readOnly: true })
      setResult(holder ? { kind: 'view', editor, reason: 'locked', holder, takeOver } : { kind: 'view', editor, reason: 'no_write' })
    }

    /** Takes the lock back after losing it; when another user has it meanwhile, the session says so. */
    async function takeBack() {
      try {
        await takeLock(mapId!, TAB_SESSION, true)
        locked = true
        await session?.regainLock()
      } catch (error) {
        if (!lockLost(error)) throw error
        session?.loseLock(error)
      }
    }

    async function open() {
      if (!canWrite) return openReadOnly()
      const over = takingOver.current
      takingOver.current = false
      try {
        await takeLock(mapId!, TAB_SESSION, over)
        locked = true
      } catch (error) {
        const holder = holderOf(error)
        if (holder) return openReadOnly(holder)
        throw error
      }
      session = await openSession(mapId!, userId!, TAB_SESSION)
      if (cancelled) return session.close()
      setResult({ kind: 'edit', session, editor: session.editor, takeBack })
      window.addEventListener('pagehide', onPageHide)
      for (const type of ['pointerdown', 'keydown', 'wheel'] as const) window.addEventListener(type, markActive, { passive: true })
      window.addEventListener('focus', renew)
      heartbeat = setInterval(() => {
        // SPEC §4: the lock is released after 30 minutes of inactivity, so only an active person renews it.
        if (!active) return
        active = false
        renew()
      }, HEARTBEAT_MS)
    }

    /** The heartbeat, also run when the tab comes back to the front: a lock taken meanwhile is told at once. */
    function renew() {
      if (!session || session.state.getState().lost) return
      takeLock(mapId!, TAB_SESSION).catch((error: unknown) => {
        if (!lockLost(error)) return
        locked = false
        session?.loseLock(error)
      })
    }

    open().catch((error: unknown) => {
      if (!cancelled) setResult({ kind: 'failed', error: errorKeyOf(error) ?? 'internal_error' })
    })
    return () => {
      cancelled = true
      clearInterval(heartbeat)
      window.removeEventListener('pagehide', onPageHide)
      window.removeEventListener('focus', renew)
      for (const type of ['pointerdown', 'keydown', 'wheel'] as const) window.removeEventListener(type, markActive)
      const closing = session
      // Whatever is unsaved is saved before the lock goes (and stays in IndexedDB if that fails).
      void (closing ? closing.save() : Promise.resolve()).finally(() => {
        closing?.close()
        if (locked && !closing?.state.getState().lost) void releaseLock(mapId, TAB_SESSION).catch(() => undefined)
      })
      setResult({ kind: 'loading' })
    }
  }, [mapId, userId, canWrite, attempt, takeOver])

  return result
}
