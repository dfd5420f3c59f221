/**
 * Issue 15 Limits, /admin/{organization}/limits: one screen for an organization's quotas, SPEC §8 limits and allowed
 * networks. Server admins change them (their tab shows only for them); others who see the organization read them.
 */
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { AdminTabs } from '../components/AdminTabs'
import { UnsavedChangesGuard } from '../settings/unsaved'
import { QuotasForm } from './QuotasForm'
import { AllowedTargetsForm } from './AllowedTargetsForm'

export function LimitsPage() {
  const { t } = useTranslation()
  const { organization: name = '' } = useParams()
  const user = useCurrentUser()
  if (!user) return null
  const organization = user.allowed_organizations.find((o) => o.name === name)
  const canWrite = user.rights.includes('limits_write')
  return (
    <div className="container py-3">
      <h1 className="h4">{t('admin.screens.limits')}</h1>
      <AdminTabs organization={name} />
      {organization ? (
        <UnsavedChangesGuard>
          <p>{t('admin.settings.limits.intro')}</p>
          {!canWrite && <div className="alert alert-info">{t('admin.settings.limits.readOnly')}</div>}
          <QuotasForm organizationId={organization.id} canWrite={canWrite} />
          <AllowedTargetsForm organizationId={organization.id} canWrite={user.rights.includes('allowed_targets_write')} />
        </UnsavedChangesGuard>
      ) : (
        <div className="alert alert-warning">{t('admin.settings.unknownOrganization', { name })}</div>
      )}
    </div>
  )
}
