import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'

/** The tabs of one organization's administration (SPEC §2 Admin routes). */
export function AdminTabs({ organization }: { organization: string }) {
  const { t } = useTranslation()
  const base = `/admin/${encodeURIComponent(organization)}`
  const tabs = [
    ['environments', t('admin.screens.environments')],
    ['users', t('admin.screens.users')],
    ['timeline', t('admin.screens.timeline')],
  ] as const
  return (
    <nav className="mb-3">
      <NavLink to="/admin" end className="me-3">
        {t('admin.screens.overview')}
      </NavLink>
      <ul className="nav nav-tabs mt-2">
        {tabs.map(([path, label]) => (
          <li className="nav-item" key={path}>
            <NavLink to={`${base}/${path}`} className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
