import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import type { Module } from '../../shared/enums'
import { visibleMenu, type MenuLink } from '../shell/menu'

export interface MainMenuProps {
  allowedModules: readonly Module[]
  /** A phone's menu: over the screen rather than beside it, so that the screen keeps its width. */
  overlay?: boolean
}

function MenuItem({ link }: { link: MenuLink }) {
  const { t } = useTranslation()
  return (
    <li className="nav-item">
      <NavLink to={link.to} end={link.to === '/maps'} className={({ isActive }) => `nav-link py-1${isActive ? ' active' : ''}`}>
        {t(link.labelKey)}
      </NavLink>
    </li>
  )
}

/** SPEC §2 main menu, entries only for allowed modules (SPEC §6). */
export function MainMenu({ allowedModules, overlay = false }: MainMenuProps) {
  const { t } = useTranslation()
  const place = overlay ? ' position-absolute top-0 start-0 h-100 shadow overflow-auto' : ''
  return (
    <nav
      id="main-menu"
      aria-label={t('app.menu.label')}
      className={`border-end bg-body p-2 flex-shrink-0${place}`}
      style={{ width: '14rem', zIndex: overlay ? 1040 : undefined }}
    >
      <ul className="nav nav-pills flex-column gap-1">
        {visibleMenu(allowedModules).map((entry) =>
          entry.children ? (
            <li key={entry.labelKey} className="nav-item">
              <span className="d-block px-3 pt-2 small fw-semibold text-uppercase text-body-secondary">{t(entry.labelKey)}</span>
              <ul className="nav nav-pills flex-column ms-2" aria-label={t(entry.labelKey)}>
                {entry.children.map((child) => (
                  <MenuItem key={child.to} link={child} />
                ))}
              </ul>
            </li>
          ) : (
            <MenuItem key={entry.to} link={entry} />
          ),
        )}
      </ul>
    </nav>
  )
}
