import { useTexts } from '../../ui'
import { Link } from 'react-router'
import { useStore } from 'zustand'
import type { Theme } from '../../shared/enums'
import { pendingStore } from '../api/api'
import { ThemeSwitcher } from './ThemeSwitcher'
import { UserMenu } from './UserMenu'

export interface TopBarProps {
  username: string
  avatarUrl?: string
  menuHidden: boolean
  theme: Theme
  onToggleMenu(): void
  onThemeChange(theme: Theme): void
  onLogout(): void
}

export function TopBar({ username, avatarUrl, menuHidden, theme, onToggleMenu, onThemeChange, onLogout }: TopBarProps) {
  const t = useTexts()
  const pending = useStore(pendingStore, (s) => s.count > 0)
  return (
    <header className="navbar navbar-expand bg-primary px-3 gap-2" data-bs-theme="dark">
      <button
        type="button"
        className="btn btn-sm btn-outline-light"
        aria-label={t('app.menu.toggle')}
        aria-controls="main-menu"
        aria-expanded={!menuHidden}
        onClick={onToggleMenu}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <Link to="/" className="navbar-brand fw-semibold">
        {t('app.name')}
      </Link>
      {/* SPEC §7: "A loading spinner shows while a request runs." Hidden, it keeps its place and stops turning: an
          endless animation kept every idle screen (a wall's all day) drawing frames. */}
      <div
        className="spinner-border spinner-border-sm text-light"
        role="status"
        style={pending ? undefined : { visibility: 'hidden', animationName: 'none' }}
      >
        <span className="visually-hidden">{t('app.loading')}</span>
      </div>
      <div className="ms-auto d-flex align-items-center gap-2">
        <ThemeSwitcher theme={theme} onChange={onThemeChange} />
        <UserMenu username={username} avatarUrl={avatarUrl} onLogout={onLogout} />
      </div>
    </header>
  )
}
