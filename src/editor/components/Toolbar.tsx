/**
 * The editor toolbar: the registry's toolbar actions (STYLE.md "Actions"), grouped, as compact icon buttons
 * named and titled with the action and its shortcut (issue 18: the canvas gets most of the screen), so every
 * keyed command is also reachable by pointer; and the keyboard shortcuts help.
 */
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { ACTIONS, actionContext, isAvailable, runAction, type EditorMode } from '../actions'
import { TOOLBAR_ICONS } from '../actions/icons'
import { displayChord } from '../actions/keys'
import { Icon } from '../../ui'
import type { ActionGroup } from '../actions/types'
import type { Editor } from '../model/editor'
import { useState, type ReactNode } from 'react'
import { ShortcutHelp } from './ShortcutHelp'
import { ToolbarMenu } from './ToolbarMenu'

const GROUPS: ActionGroup[] = ['history', 'tool', 'edit', 'arrange', 'align', 'view']
/** Groups shown as one button with a menu, and the action whose icon that button shows. */
const MENU_GROUPS: Partial<Record<ActionGroup, string>> = { align: 'align-left' }

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
    <div role="toolbar" aria-label={t('editor.page.toolbar')} className="d-flex flex-wrap gap-1 align-items-center p-1 border-bottom">
      {GROUPS.map((group) => {
        const actions = ACTIONS.filter((a) => a.group === group && a.toolbar && (mode === 'edit' || a.modes?.includes('view')))
        if (actions.length === 0) return null
        if (group in MENU_GROUPS)
          return (
            <ToolbarMenu
              key={group}
              label={t(`editor.shortcuts.groups.${group}`)}
              icon={TOOLBAR_ICONS[MENU_GROUPS[group]!]}
              actions={actions}
              enabled={(a) => isAvailable(a, mode, ctx)}
              run={(a) => runAction(editor, a, mode, actionContext(editor, { notify }))}
            />
          )
        return (
          <div key={group} className="btn-group btn-group-sm" role="group">
            {actions.map((a) => (
              <button
                key={a.id}
                type="button"
                className={`btn btn-outline-secondary${pressed[a.id] ? ' active' : ''}`}
                aria-label={t(a.label)}
                aria-pressed={a.id in pressed ? pressed[a.id] : undefined}
                title={a.keys?.length ? `${t(a.label)} (${displayChord(a.keys[0])})` : t(a.label)}
                disabled={!isAvailable(a, mode, ctx)}
                onClick={() => runAction(editor, a, mode, actionContext(editor, { notify }))}
              >
                {TOOLBAR_ICONS[a.id] ? <Icon drawing={TOOLBAR_ICONS[a.id]} /> : t(a.label)}
              </button>
            ))}
          </div>
        )
      })}
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        aria-haspopup="dialog"
        aria-label={t('editor.shortcuts.open')}
        title={t('editor.shortcuts.open')}
        onClick={() => setHelpOpen(true)}
      >
        <Icon drawing={TOOLBAR_ICONS.shortcuts} />
      </button>
      {helpOpen && <ShortcutHelp onClose={() => setHelpOpen(false)} />}
      <div className="ms-auto d-flex gap-2 align-items-center">{children}</div>
    </div>
  )
}
