/**
 * One editing session of a map (issue 6 "never loses work"): the draft from the server, its Yjs state kept by
 * y-indexeddb in this browser, autosave of compact updates a few seconds after the last edit, and the offer to
 * restore edits that a reload, crash or closed tab left in IndexedDB but the server never got.
 */
import { IndexeddbPersistence } from 'y-indexeddb'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { migrateDocument, type MapDocument } from '../../shared/maps'
import { documentToUpdate, Y } from '../../shared/maps/ydoc'
import { errorKeyOf } from '../api'
import { fetchDocument, sendUpdate } from '../../viewer'
import { createEditor, type Editor } from '../model/editor'
import { fromBase64, mirrorEditor, recoverableDocument, unsavedUpdate } from './mirror'
import { holderOf, lockLost, type LockHolder } from './lock-holder'

/** Autosave runs this long after the last edit. */
export const AUTOSAVE_DELAY_MS = 3000

export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'error'

export interface SessionState {
  status: SaveStatus
  /** SPEC §8 key of the last failed save. */
  error: string | null
  /** Edits found in this browser that the server lacks, waiting for restore or discard. */
  restore: { document: MapDocument; time: number | null } | null
  /**
   * Issue 18: this session lost the lock (it expired, or another session took it): the editor turns read-only,
   * keeps the work in memory and IndexedDB, and saves again once the lock is back. `holder` is who has it now.
   */
  lost: { holder: LockHolder | null } | null
}

export interface Session {
  editor: Editor
  state: StoreApi<SessionState>
  /** Saves now (ctrl+s, before publishing); resolves when the server has everything edited so far. */
  save(): Promise<void>
  resolveRestore(keep: boolean): void
  /** Reads the server's draft again (after a revert) into the editor and the Y.Doc. */
  reload(): Promise<void>
  /** The lock is gone (a refused heartbeat or save): stop editing, keep the work. */
  loseLock(error: unknown): void
  /** The lock is back: edit again and save what waited. */
  regainLock(): Promise<void>
  close(): void
}

const storeName = (mapId: number, userId: number) => `vigil-map-${mapId}-user-${userId}`

export async function openSession(mapId: number, userId: number, editorSession: string): Promise<Session> {
  const draft = await fetchDocument(mapId, 'draft')
  let serverState = draft.ystate ? fromBase64(draft.ystate) : documentToUpdate(draft.document)
  let serverVector = Y.encodeStateVectorFromUpdate(serverState)

  const ydoc = new Y.Doc()
  const persistence = new IndexeddbPersistence(storeName(mapId, userId), ydoc)
  await persistence.whenSynced
  // What only this browser has, validated like any outside input (STYLE.md "Validate at the edge").
  const recovered = recoverableDocument(serverState, ydoc)
  const parsed = recovered ? migrateDocument(recovered) : null
  const editedAt = parsed?.success ? Number(await persistence.get('edited_at')) || null : null
  Y.applyUpdate(ydoc, serverState)

  const editor = createEditor(draft.document)
  const state = createStore<SessionState>()(() => ({
    status: 'saved',
    error: null,
    lost: null,
    restore: parsed?.success ? { document: parsed.data, time: editedAt } : null,
  }))
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | null = null
  // Changes to the Y.Doc since opening, and how many of them the server has. A count, not the state vector:
  // a Yjs deletion does not move the state vector.
  let revision = 0
  let savedRevision = 0
  const onUpdate = () => {
    revision++
  }
  let closed = false
  let stopMirror = () => {}

  const schedule = () => {
    clearTimeout(timer)
    timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS)
  }

  async function saveOnce() {
    if (revision === savedRevision) {
      state.setState({ status: 'saved', error: null })
      return
    }
    const sent = revision
    const sentVector = Y.encodeStateVector(ydoc)
    const update = unsavedUpdate(ydoc, serverVector)
    state.setState({ status: 'saving' })
    try {
      await sendUpdate(mapId, update, editorSession)
      serverVector = sentVector
      savedRevision = sent
      state.setState({ status: revision !== savedRevision ? 'unsaved' : 'saved', error: null })
    } catch (error) {
      state.setState({ status: 'error', error: errorKeyOf(error) ?? 'network' })
      // The lock went (expired, or another session took it): stop editing rather than lose more work.
      if (lockLost(error)) loseLock(error)
    }
  }

  function loseLock(error: unknown) {
    clearTimeout(timer)
    editor.set({ readOnly: true })
    state.setState({ lost: { holder: holderOf(error) } })
  }

  async function save(): Promise<void> {
    clearTimeout(timer)
    if (closed || state.getState().restore || state.getState().lost) return
    while (running) await running
    running = saveOnce().finally(() => {
      running = null
    })
    await running
    if (state.getState().status === 'unsaved') schedule()
  }

  function start() {
    ydoc.on('update', onUpdate)
    // Edits found in IndexedDB (restored, or overwritten by discarding) still have to reach the server.
    if (recovered) revision++
    stopMirror = mirrorEditor(editor, ydoc)
    editor.onCommit(() => {
      state.setState({ status: 'unsaved' })
      void persistence.set('edited_at', Date.now())
      schedule()
    })
    if (revision !== savedRevision) {
      state.setState({ status: 'unsaved' })
      schedule()
    }
  }

  if (!state.getState().restore) start()

  return {
    editor,
    state,
    save,
    loseLock,
    async regainLock() {
      state.setState({ lost: null })
      editor.set({ readOnly: false })
      await save()
    },
    resolveRestore(keep) {
      const offer = state.getState().restore
      if (!offer) return
      state.setState({ restore: null })
      // Restoring shows the merged document; discarding writes the server's over it (both saved as usual).
      if (keep) editor.load(offer.document)
      start()
    },
    async reload() {
      await save()
      const next = await fetchDocument(mapId, 'draft')
      serverState = next.ystate ? fromBase64(next.ystate) : documentToUpdate(next.document)
      Y.applyUpdate(ydoc, serverState)
      serverVector = Y.encodeStateVectorFromUpdate(serverState)
      savedRevision = revision
      editor.load(next.document)
    },
    close() {
      closed = true
      clearTimeout(timer)
      stopMirror()
      ydoc.off('update', onUpdate)
      void persistence.destroy()
      ydoc.destroy()
    },
  }
}
