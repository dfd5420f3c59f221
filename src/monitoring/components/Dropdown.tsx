import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import { Link } from 'react-router'

export interface DropdownItem {
  key: string
  /** Translated text. */
  label: string
  /** A route to go to… */
  to?: string
  /** …and/or an action. */
  onSelect?(): void
  disabled?: boolean
}

export interface DropdownProps {
  /** Translated text of the toggle button; also its accessible name. */
  label: string
  items: readonly DropdownItem[]
}

/**
 * A Bootstrap-looking menu button without Bootstrap's script: opens on click, closes on Escape, outside
 * clicks and scrolling. The menu is placed fixed under its button, so a scrolling table does not clip it.
 */
export function Dropdown({ label, items }: DropdownProps) {
  const [position, setPosition] = useState<CSSProperties | null>(null)
  const open = position !== null
  const menuId = useId()
  const toggleButton = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLUListElement>(null)
  const close = () => setPosition(null)
  // Focus goes back to the toggle before the item acts, so a panel it opens returns focus there (issue 17).
  const choose = (item: DropdownItem) => {
    close()
    toggleButton.current?.focus()
    item.onSelect?.()
  }
  const toggle = () => {
    const rect = toggleButton.current?.getBoundingClientRect()
    setPosition(open || !rect ? null : { position: 'fixed', top: rect.bottom, right: Math.max(0, window.innerWidth - rect.right) })
  }

  useEffect(() => {
    if (!open) return
    const outside = (e: MouseEvent) => {
      const target = e.target as Node
      if (!toggleButton.current?.contains(target) && !menu.current?.contains(target)) close()
    }
    document.addEventListener('mousedown', outside)
    window.addEventListener('scroll', close, true)
    return () => {
      document.removeEventListener('mousedown', outside)
      window.removeEventListener('scroll', close, true)
    }
  }, [open])

  const closeOnEscape = (e: KeyboardEvent) => e.key === 'Escape' && close()
  // No wrapper: not Bootstrap's `.dropdown` (position: relative), as the menu is fixed and a positioned box in every
  // table row is a paint layer of its own, nor any other box, which a live table lays out for each new row (issue 17).
  return (
    <>
      <button
        ref={toggleButton}
        type="button"
        className="btn btn-sm btn-outline-secondary dropdown-toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
        onKeyDown={closeOnEscape}
      >
        {label}
      </button>
      {open && (
        <ul ref={menu} id={menuId} role="menu" aria-label={label} className="dropdown-menu show" style={position} onKeyDown={closeOnEscape}>
          {items.map((item) => (
            <li key={item.key} role="none">
              {item.to && !item.disabled ? (
                <Link role="menuitem" className="dropdown-item" to={item.to} onClick={() => choose(item)}>
                  {item.label}
                </Link>
              ) : (
                <button type="button" role="menuitem" className="dropdown-item" disabled={item.disabled} onClick={() => choose(item)}>
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
