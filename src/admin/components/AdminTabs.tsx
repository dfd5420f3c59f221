import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { useCurrentUser } from '../../app/api'

/** The tabs of one organization's administration (SPEC §2 Admin routes); Limits only for those who may set them. */
export function AdminTabs({ organization }: { organization: string }) {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const base = `/admin/${encodeURIComponent(organization)}`
  const tabs = [
    ['hosts', t('admin.tabs.hosts')],
    ['environments', t('admin.screens.environments')],
    ['users', t('admin.screens.users')],
    ['timeline', t('admin.screens.timeline')],
    ['settings', t('admin.tabs.settings')],
    ...(user?.rights.includes('limits_write') ? ([['limits', t('admin.screens.limits')]] as const) : []),
  ] as const
  return (
    <nav className="mb-3" aria-label={t('admin.tabs.label')}>
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
