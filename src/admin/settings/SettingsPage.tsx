/**
 * SPEC §2 /admin/{organization}/settings/…: thresholds (the default), services, agent, risks, labels and tickets of one
 * organization, found by name among those the user may see. Forms are editable with host_write (SPEC §6).
 */
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation, useParams } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { ThresholdsForm } from './ThresholdsForm'
import { RiskOptionsForm } from './RiskOptionsForm'
import { LabelSettings } from './LabelSettings'
import { AgentSettings } from './AgentSettings'
import { ServicesForm } from './ServicesForm'
import { TicketProviderForm } from './TicketProviderForm'
import type { SettingsOrganization } from './organization'
import { UnsavedChangesGuard } from './unsaved'
import { AdminTabs } from '../components/AdminTabs'

const SECTIONS = ['thresholds', 'services', 'agent', 'risks', 'labels', 'tickets'] as const
type Section = (typeof SECTIONS)[number]

const sectionOf = (pathname: string): Section => SECTIONS.find((s) => pathname.endsWith(`/settings/${s}`)) ?? 'thresholds'

function Body({ section, organization }: { section: Section; organization: SettingsOrganization }) {
  switch (section) {
    case 'thresholds':
      return <ThresholdsForm organization={organization} />
    case 'risks':
      return <RiskOptionsForm organization={organization} />
    case 'labels':
      return <LabelSettings organization={organization} />
    case 'agent':
      return <AgentSettings />
    case 'tickets':
      return <TicketProviderForm organization={organization} />
    case 'services':
      return <ServicesForm organization={organization} />
  }
}

export function SettingsPage() {
  const { t } = useTranslation()
  const { organization: name = '' } = useParams()
  const section = sectionOf(useLocation().pathname)
  const user = useCurrentUser()
  const found = user?.allowed_organizations.find((o) => o.name === name)
  if (!user) return null
  const organization = found && {
    id: found.id,
    name: found.name,
    canWrite: user.server_admin || found.allowed_actions.includes('host_write'),
  }
  return (
    <div className="container py-3">
      <h1 className="h4">{t(`admin.screens.${section}`)}</h1>
      <AdminTabs organization={name} />
      <ul className="nav nav-tabs mb-3">
        {SECTIONS.map((s) => (
          <li key={s} className="nav-item">
            <NavLink className="nav-link" to={`/admin/${encodeURIComponent(name)}/settings/${s}`} end>
              {t(`admin.settings.tabs.${s}`)}
            </NavLink>
          </li>
        ))}
      </ul>
      {organization ? (
        <UnsavedChangesGuard>
          {!organization.canWrite && section !== 'agent' && <div className="alert alert-info">{t('admin.settings.notAuthorized')}</div>}
          <Body section={section} organization={organization} />
        </UnsavedChangesGuard>
      ) : (
        <div className="alert alert-warning">{t('admin.settings.unknownOrganization', { name })}</div>
      )}
    </div>
  )
}
