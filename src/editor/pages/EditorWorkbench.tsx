/**
 * The map editor's workbench (SPEC §2 "Map editor"): toolbar, palette, canvas and inspector around one editor
 * store; save state, publish, version history, the restore offer, and the leave confirmation. Read-only when
 * another session holds the lock or the user may not write (SPEC §2, §6), saying why and offering to take the
 * lock over or back where that is the user's own (issue 18).
 */
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { showMessage } from '../../app/shell'
import type { MapInfo } from '../../shared/api/maps'
import { ITEM_KINDS, MapItem } from '../../shared/maps'
import { z } from 'zod'
import { runEdit, type EditorMode } from '../actions'
import { place, type PlaceResult } from '../actions/document'
import type { PaletteKind } from '../api'
import { fetchDocument, mapWrites, revertTo, useMapWrite } from '../../viewer'
import { EditorCanvas } from '../canvas/EditorCanvas'
import { Inspector } from '../components/Inspector'
import { MapProperties } from '../components/MapProperties'
import { Palette, type PlaceRequest } from '../components/Palette'
import { RestorePrompt } from '../components/RestorePrompt'
import { SaveStatus } from '../components/SaveStatus'
import { Toolbar } from '../components/Toolbar'
import { VersionHistory, type HistoryView } from '../components/VersionHistory'
import { HeldElsewhere, LockLost } from '../components/LockNotice'
import { diffVersions, type ChangeKind } from '../model/version-diff'
import { TAB_SESSION } from '../persistence/lock-holder'
import { toWorld } from '../../shared/maps/view'
import { makeItem, snap } from '../model/doc-ops'
import { createEditor, type Editor } from '../model/editor'
import type { EditorSession } from '../persistence/use-editor-session'
import type { SessionState } from '../persistence/session'
import { createPointerTool } from '../tools/select-tool'
import { useEditorKeys } from '../use-editor-keys'
import { Icon, mapPath, useLeaveGuard } from '../../ui'
import { TOOLBAR_ICONS } from '../actions/icons'

const PALETTE_KINDS: readonly PaletteKind[] = ['host', 'resource', 'environment', 'map']
/** SPEC §2 legacy editor: the simpler mode, without nested maps. */
const LEGACY_PALETTE_KINDS: readonly PaletteKind[] = ['host', 'resource', 'environment']
const DropData = z.object({ kind: z.enum(ITEM_KINDS), init: z.record(z.string(), z.unknown()) })
const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
const savedState = createStore<SessionState>()(() => ({ status: 'saved', error: null, restore: null, lost: null }))

export interface EditorWorkbenchProps {
  map: MapInfo
  session: Exclude<EditorSession, { kind: 'loading' | 'failed' }>
  legacy: boolean
}

export function EditorWorkbench({ map, session, legacy }: EditorWorkbenchProps) {
  const { t } = useTranslation()
  const working = session.kind === 'edit' ? session.session : null
  const [viewing, setViewing] = useState<{ view: HistoryView; editor: Editor; marks?: ReadonlyMap<string, ChangeKind> } | null>(null)
  const [historyOpen, setHistoryOpen] = useState(false)
  const [propertiesOpen, setPropertiesOpen] = useState(false)
  // Issue 18: the side panels fold away, so the canvas can take the screen.
  const [panels, setPanels] = useState({ palette: true, inspector: true })
  const panelToggle = (panel: keyof typeof panels) => (
    <button
      type="button"
      className={`btn btn-sm btn-outline-secondary${panels[panel] ? ' active' : ''}`}
      aria-pressed={panels[panel]}
      aria-label={t(`editor.${panel}.title`)}
      title={t(`editor.${panel}.title`)}
      onClick={() => setPanels({ ...panels, [panel]: !panels[panel] })}
    >
      <Icon drawing={TOOLBAR_ICONS[panel]} />
    </button>
  )
  const publishing = useMapWrite(mapWrites.publish)
  const editor = viewing?.editor ?? session.editor
  const readOnly = useStore(editor.store, (s) => s.readOnly)
  // Whether the draft itself is read-only: showing a past version is read-only too, but says nothing of the lock.
  const sessionReadOnly = useStore(session.editor.store, (s) => s.readOnly)
  const mode: EditorMode = readOnly ? 'view' : 'edit'
  const status = useStore(working?.state ?? savedState, (s) => s.status)
  const notify = (key: string) => showMessage({ variant: 'warning', text: t(key), key: 'map-editor' })
  const pointer = useMemo(() => createPointerTool(editor, (reason) => notify(`editor.page.refused.${reason}`)), [editor])
  const save = working ? () => working.save() : undefined

  useEditorKeys(editor, mode, pointer, save, notify)
  useLeaveGuard(status !== 'saved', t('editor.page.leave'))

  function placeAt(request: PlaceRequest, at?: { x: number; y: number }) {
    const s = editor.get()
    const { doc, camera, viewport } = s
    // Placed at the centre of the view, a little apart from the previous one, on the grid.
    const step = (Object.keys(doc.items).length % 8) * doc.grid.size * 2
    const centre = at ?? toWorld(camera, viewport.width / 2 + step, viewport.height / 2 + step)
    const g = doc.grid.snap ? (v: number) => snap(v, doc.grid.size) : (v: number) => v
    // Drops can come from anywhere: only a valid item of a known kind is placed.
    const parsed = MapItem.safeParse(makeItem(doc, request.kind, { ...request.init, x: g(centre.x), y: g(centre.y) }))
    if (!parsed.success) return
    const item = parsed.data
    const result: PlaceResult = { refused: null }
    runEdit(editor, place, { items: [item], result })
    if (result.refused) notify('editor.page.refused.once')
  }

  async function publish() {
    await working!.save()
    if (working!.state.getState().status !== 'saved') return
    const info = await publishing.mutateAsync(map.id)
    showMessage({ variant: 'success', text: t('editor.page.published', { alias: info.alias, version: info.version }) })
  }

  async function view(version: number | null) {
    if (version === null) return setViewing(null)
    const out = await fetchDocument(map.id, version)
    setViewing({ view: { version }, editor: createEditor(out.document, { readOnly: true }) })
  }

  /** Two versions compared: the newer one shown with what the older one lost, the changes marked. */
  async function compare(from: number, to: number | 'draft') {
    const before = (await fetchDocument(map.id, from)).document
    const after = to === 'draft' ? session.editor.get().doc : (await fetchDocument(map.id, to)).document
    const diff = diffVersions(before, after)
    setViewing({ view: { from, to, counts: diff.counts }, editor: createEditor(diff.shown, { readOnly: true }), marks: diff.marks })
  }

  async function revert(version: number) {
    await working!.save()
    await revertTo(map.id, version, TAB_SESSION)
    await working!.reload()
    setViewing(null)
    showMessage({ variant: 'success', text: t('editor.history.reverted', { version }) })
  }

  return (
    <div className="d-flex flex-column" style={{ height: 'calc(100vh - 72px)', minHeight: 480 }}>
      <div className="d-flex align-items-center gap-2 px-2 pt-1">
        <h1 className="h5 mb-0">{map.alias}</h1>
        {readOnly && <span className="badge text-bg-secondary">{t('editor.page.readOnly')}</span>}
        <Link className="small" to={mapPath(map.hostgroup_name, map.name)}>
          {t('editor.page.viewMap')}
        </Link>
        {/* SPEC §2 "Map editor offers … legacy viewer and editor". */}
        <Link className="small" to={mapPath(map.hostgroup_name, map.name, 'legacy')}>
          {t('editor.page.legacyViewer')}
        </Link>
        <Link className="small" to={mapPath(map.hostgroup_name, map.name, legacy ? 'edit' : 'legacy/edit')}>
          {legacy ? t('editor.page.currentEditor') : t('editor.page.legacyEditor')}
        </Link>
      </div>
      {session.kind === 'view' && session.reason === 'locked' && <HeldElsewhere holder={session.holder} onTakeOver={session.takeOver} />}
      {session.kind === 'view' && session.reason === 'no_write' && (
        <div className="alert alert-warning py-1 px-2 m-1 small" role="alert">
          {t('editor.page.noWrite')}
        </div>
      )}
      {session.kind === 'edit' && <LockLost session={session.session} onTakeBack={session.takeBack} />}
      {legacy && <div className="alert alert-info py-1 px-2 m-1 small">{t('editor.page.legacy')}</div>}
      <Toolbar editor={editor} mode={mode} notify={notify}>
        <div className="btn-group" role="group">
          {mode === 'edit' && panelToggle('palette')}
          {panelToggle('inspector')}
        </div>
        {working && <SaveStatus session={working} />}
        {working && !readOnly && (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void working.save()}>
            {t('editor.page.save')}
          </button>
        )}
        {working && !readOnly && !viewing && (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => void publish()}>
            {t('editor.page.publish')}
          </button>
        )}
        {working && !readOnly && !viewing && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('editor.properties.open')}
            title={t('editor.properties.open')}
            onClick={() => setPropertiesOpen(true)}
          >
            <Icon drawing={TOOLBAR_ICONS.properties} />
          </button>
        )}
        {!legacy && (
          <button
            type="button"
            className={`btn btn-sm btn-outline-secondary${historyOpen ? ' active' : ''}`}
            aria-pressed={historyOpen}
            aria-label={t('editor.history.title')}
            title={t('editor.history.title')}
            onClick={() => setHistoryOpen(!historyOpen)}
          >
            <Icon drawing={TOOLBAR_ICONS.history} />
          </button>
        )}
      </Toolbar>
      {historyOpen && (
        <VersionHistory
          mapId={map.id}
          viewing={viewing?.view ?? null}
          canRevert={!!working && !sessionReadOnly}
          onView={(v) => void view(v)}
          onCompare={(from, to) => void compare(from, to)}
          onRevert={revert}
        />
      )}
      <div className="d-flex flex-grow-1" style={{ minHeight: 0, minWidth: 0 }}>
        {mode === 'edit' && panels.palette && (
          <Palette
            editor={editor}
            hostgroupId={map.hostgroup_id}
            kinds={legacy ? LEGACY_PALETTE_KINDS : PALETTE_KINDS}
            onPlace={(r) => placeAt(r)}
          />
        )}
        <EditorCanvas
          editor={editor}
          map={map}
          pointer={pointer}
          label={t('editor.page.canvas')}
          mode={mode}
          notify={notify}
          marks={viewing?.marks}
          onDropItem={(data, at) => {
            const r = DropData.safeParse(safeJson(data))
            if (r.success) placeAt(r.data, at)
          }}
        />
        {panels.inspector && <Inspector editor={editor} hostgroupId={map.hostgroup_id} />}
      </div>
      {working && <RestorePrompt session={working} />}
      {propertiesOpen && (
        <MapProperties
          map={map}
          onClose={() => setPropertiesOpen(false)}
          onSaved={() => {
            setPropertiesOpen(false)
            showMessage({ variant: 'success', text: t('editor.properties.saved') })
          }}
        />
      )}
    </div>
  )
}
