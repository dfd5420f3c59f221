import { useEffect, useRef, useState } from 'react'
import { useTexts } from '../../ui'
import { Link } from 'react-router'
import { Avatar } from './Avatar'

export interface UserMenuProps {
  username: string
  /** issue 16: the avatar service's picture of the user, when one is configured */
  avatarUrl?: string
  onLogout(): void
}

/** The user menu: preferences, tokens, two-factor enrolment and versions links, and log out. */
export function UserMenu({ username, avatarUrl, onLogout }: UserMenuProps) {
  const t = useTexts()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const close = () => setOpen(false)
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="btn btn-sm btn-outline-light dropdown-toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {/* The name comes from the content, which then holds the visible name (WCAG "label in name"). */}
        <span className="visually-hidden">{t('app.userMenu.label', { username })}</span>
        <Avatar username={username} url={avatarUrl} />
        <span aria-hidden="true">{username}</span>
      </button>
      {open && (
        <ul className="dropdown-menu dropdown-menu-end show" role="menu" style={{ right: 0 }}>
          <li role="none">
            <Link role="menuitem" className="dropdown-item" to="/user/preferences" onClick={close}>
              {t('app.userMenu.preferences')}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" className="dropdown-item" to="/user/tokens" onClick={close}>
              {t('app.userMenu.tokens')}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" className="dropdown-item" to="/user/security" onClick={close}>
              {t('app.userMenu.twoFactor')}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" className="dropdown-item" to="/versions" onClick={close}>
              {t('app.userMenu.versions')}
            </Link>
          </li>
          <li role="none">
            <hr className="dropdown-divider" />
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="dropdown-item"
              onClick={() => {
                close()
                onLogout()
              }}
            >
              {t('app.userMenu.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  )
}
