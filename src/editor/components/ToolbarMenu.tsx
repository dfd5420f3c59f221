/**
 * A toolbar group folded into one icon button that opens its actions as a menu (issue 18: the toolbar stays one
 * row at 1440 pixels). Arrow keys move through the menu, Escape or a click elsewhere closes it.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, type IconDrawing } from '../../ui'
import type { Action } from '../actions'
import { TOOLBAR_ICONS } from '../actions/icons'

export interface ToolbarMenuProps {
  label: string
  icon: IconDrawing
  actions: readonly Action[]
  enabled(action: Action): boolean
  run(action: Action): void
}

export function ToolbarMenu({ label, icon, actions, enabled, run }: ToolbarMenuProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    box.current?.querySelector<HTMLElement>('[role="menuitem"]:not(:disabled)')?.focus()
    const away = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false)
    }
    window.addEventListener('mousedown', away, true)
    return () => window.removeEventListener('mousedown', away, true)
  }, [open])

  function close() {
    setOpen(false)
    box.current?.querySelector<HTMLElement>('button')?.focus()
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const items = [...box.current!.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)')]
    const i = items.indexOf(document.activeElement as HTMLElement)
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus()
    else if (e.key === 'Escape') close()
    else return
    e.preventDefault()
  }

  return (
    <div ref={box} className="btn-group btn-group-sm position-relative" onKeyDown={onKeyDown}>
      <button
        type="button"
        className="btn btn-outline-secondary dropdown-toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        title={label}
        onClick={() => setOpen(!open)}
      >
        <Icon drawing={icon} />
      </button>
      {open && (
        <div role="menu" aria-label={label} className="dropdown-menu show" style={{ top: '100%', left: 0 }}>
          {actions.map((a) => (
            <button
              key={a.id}
              type="button"
              role="menuitem"
              className="dropdown-item d-flex gap-2 align-items-center small"
              disabled={!enabled(a)}
              onClick={() => {
                close()
                run(a)
              }}
            >
              {TOOLBAR_ICONS[a.id] && <Icon drawing={TOOLBAR_ICONS[a.id]} />}
              {t(a.label)}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
