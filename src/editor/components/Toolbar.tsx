/**
 * The editor toolbar: the registry's toolbar actions (STYLE.md "Actions"), grouped, with their shortcuts, so
 * every keyed command is also reachable by pointer; and the keyboard shortcuts help.
 */
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { ACTIONS, actionContext, isAvailable, runAction, type EditorMode } from '../actions'
import { displayChord } from '../actions/keys'
import type { ActionGroup } from '../actions/types'
import type { Editor } from '../model/editor'
import { useState, type ReactNode } from 'react'
import { ShortcutHelp } from './ShortcutHelp'

const GROUPS: ActionGroup[] = ['history', 'tool', 'edit', 'arrange', 'align', 'view']

export interface ToolbarProps {
  editor: Editor
  mode: EditorMode
  notify?(messageKey: string): void
  children?: ReactNode
}

export function Toolbar({ editor, mode, notify, children }: ToolbarProps) {
  const { t } = useTranslation()
  const [helpOpen, setHelpOpen] = useState(false)
  // Re-render when what `enabled` reads changes.
  useStore(editor.store, (s) => s.doc)
  useStore(editor.store, (s) => s.selection)
  useStore(editor.store, (s) => s.history)
  const tool = useStore(editor.store, (s) => s.tool)
  const grid = useStore(editor.store, (s) => s.doc.grid)
  const ctx = actionContext(editor, { notify })
  const pressed: Record<string, boolean> = { 'toggle-grid': grid.visible, 'toggle-snap': grid.snap, [`tool-${tool}`]: true }
  return (
    <div role="toolbar" aria-label={t('editor.page.toolbar')} className="d-flex flex-wrap gap-2 align-items-center p-1 border-bottom">
      {GROUPS.map((group) => {
        const actions = ACTIONS.filter((a) => a.group === group && a.toolbar && (mode === 'edit' || a.modes?.includes('view')))
        if (actions.length === 0) return null
        return (
          <div key={group} className="btn-group btn-group-sm" role="group">
            {actions.map((a) => (
              <button
                key={a.id}
                type="button"
                className={`btn btn-outline-secondary${pressed[a.id] ? ' active' : ''}`}
                aria-pressed={a.id in pressed ? pressed[a.id] : undefined}
                title={a.keys?.length ? `${t(a.label)} (${displayChord(a.keys[0])})` : t(a.label)}
                disabled={!isAvailable(a, mode, ctx)}
                onClick={() => runAction(editor, a, mode, actionContext(editor, { notify }))}
              >
                {t(a.label)}
              </button>
            ))}
          </div>
        )
      })}
      <button type="button" className="btn btn-sm btn-outline-secondary" aria-haspopup="dialog" onClick={() => setHelpOpen(true)}>
        {t('editor.shortcuts.open')}
      </button>
      {helpOpen && <ShortcutHelp onClose={() => setHelpOpen(false)} />}
      <div className="ms-auto d-flex gap-2 align-items-center">{children}</div>
    </div>
  )
}
