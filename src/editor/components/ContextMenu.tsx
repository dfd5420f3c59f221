/**
 * The canvas's context menu (issue 18 "as fluent as draw.io"): right click (or the menu key, Shift+F10) on an
 * item or the canvas offers the registry's actions that apply there (STYLE.md "Actions": nothing is done here
 * that the toolbar or keyboard does not do the same way), editing the item's text in place, and binding a host
 * or shape item to a host (the host picker opens over the canvas). Arrow keys move,
 * Enter runs, Escape or a click elsewhere closes.
 */
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { actionById, actionContext, isAvailable, runAction, type Action, type EditorMode } from '../actions'
import { displayChord } from '../actions/keys'
import type { Editor } from '../model/editor'

/** The menu's actions by group, in order; a group without an available action is left out. */
const GROUPS = [
  ['cut', 'copy', 'paste', 'duplicate', 'delete'],
  ['bring-to-front', 'bring-forward', 'send-backward', 'send-to-back'],
  ['group', 'ungroup'],
  ['connect-selection', 'select-all'],
]

export interface ContextMenuProps {
  editor: Editor
  mode: EditorMode
  /** Where it opens, in the canvas's pixels. */
  at: { x: number; y: number }
  notify?(messageKey: string): void
  /** Offered when one item with a text or label is selected. */
  onEditText?(): void
  /** Offered when one host or shape item is selected: re-binds it through the host picker. */
  onBindHost?(): void
  onClose(): void
}

export function ContextMenu({ editor, mode, at, notify, onEditText, onBindHost, onClose }: ContextMenuProps) {
  const { t } = useTranslation()
  const menu = useRef<HTMLDivElement>(null)
  const ctx = actionContext(editor, { notify })
  const groups = GROUPS.map((ids) =>
    ids.flatMap((id) => {
      const a = actionById(id)
      return a && isAvailable(a, mode, ctx) ? [a] : []
    }),
  ).filter((g) => g.length > 0)

  useLayoutEffect(() => {
    const el = menu.current!
    el.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    // Kept inside the canvas.
    const box = el.parentElement!.getBoundingClientRect()
    el.style.left = `${Math.max(0, Math.min(at.x, box.width - el.offsetWidth))}px`
    el.style.top = `${Math.max(0, Math.min(at.y, box.height - el.offsetHeight))}px`
    const away = (e: MouseEvent) => {
      if (!el.contains(e.target as Node)) onClose()
    }
    window.addEventListener('mousedown', away, true)
    return () => window.removeEventListener('mousedown', away, true)
  }, [at, onClose])

  function run(action: Action) {
    onClose()
    runAction(editor, action, mode, actionContext(editor, { notify }))
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const items = [...menu.current!.querySelectorAll<HTMLElement>('[role="menuitem"]')]
    const i = items.indexOf(document.activeElement as HTMLElement)
    const go: Record<string, number> = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: items.length - 1 }
    if (e.key in go) items[(go[e.key] + items.length) % items.length]?.focus()
    else if (e.key === 'Escape' || e.key === 'Tab') onClose()
    else return
    e.preventDefault()
  }

  const entry = (key: string, label: string, onClick: () => void, chord?: string) => (
    <button key={key} type="button" role="menuitem" tabIndex={-1} className="dropdown-item d-flex gap-3 small" onClick={onClick}>
      <span className="flex-grow-1">{label}</span>
      {chord && <span className="text-body-secondary">{displayChord(chord)}</span>}
    </button>
  )

  return (
    <div
      ref={menu}
      role="menu"
      aria-label={t('editor.menu.title')}
      className="dropdown-menu show position-absolute shadow-sm"
      style={{ left: at.x, top: at.y, zIndex: 3 }}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
    >
      {onEditText &&
        entry(
          'edit-text',
          t('editor.menu.editText'),
          () => {
            onClose()
            onEditText()
          },
          'F2',
        )}
      {onBindHost &&
        entry('bind-host', t('editor.menu.bindHost'), () => {
          onClose()
          onBindHost()
        })}
      {groups.map((group, n) => (
        <div key={n} role="group">
          {(n > 0 || onEditText || onBindHost) && <hr className="dropdown-divider" />}
          {group.map((a) => entry(a.id, t(a.label), () => run(a), a.keys?.[0]))}
        </div>
      ))}
      {groups.length === 0 && !onEditText && !onBindHost && (
        <span className="dropdown-item-text small text-body-secondary">{t('editor.menu.nothing')}</span>
      )}
    </div>
  )
}
