import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCurrentUser } from '../../app/api'
import type { CurrentUser } from '../../shared/api/users'
import { useHasOwnHosts } from '../api'

interface Offer {
  key: 'addHost' | 'discover' | 'importHosts' | 'addMap'
  to: string
}

/**
 * The first steps a person may take (SPEC §6): host offers need host_write in an organization and the admin
 * module; they lead to that organization's admin screens, the person's own organization first.
 */
function offersOf(user: CurrentUser): Offer[] {
  const hostEnvironments = user.allowed_environments.filter((e) => e.allowed_actions.includes('host_write'))
  const organizationId = hostEnvironments.some((e) => e.organization_id === user.organization.id)
    ? user.organization.id
    : hostEnvironments[0]?.organization_id
  const organization = user.allowed_organizations.find((o) => o.id === organizationId)
  const offers: Offer[] = []
  if (organization && user.allowed_modules.includes('admin')) {
    const hosts = `/admin/${encodeURIComponent(organization.name)}/hosts`
    offers.push(
      { key: 'addHost', to: `${hosts}/new` },
      { key: 'discover', to: `${hosts}/discover` },
      { key: 'importHosts', to: `${hosts}/import` },
    )
  }
  if (user.allowed_modules.includes('maps') && user.allowed_environments.some((e) => e.allowed_actions.includes('maps_write')))
    offers.push({ key: 'addMap', to: '/maps?dialog=add' })
  return offers
}

/**
 * Issue 15 "First run": while a new installation has only the host it added itself, the problems and hosts
 * screens lead the person somewhere useful.
 */
export function FirstRunOffers() {
  const { t } = useTranslation()
  const titleId = useId()
  const user = useCurrentUser()
  const hasOwnHosts = useHasOwnHosts().data
  const offers = user && hasOwnHosts === false ? offersOf(user) : []
  if (!offers.length) return null
  return (
    <section className="alert alert-info" aria-labelledby={titleId}>
      <h2 id={titleId} className="h6">
        {t('monitoring.firstRun.title')}
      </h2>
      <p className="mb-2">{t('monitoring.firstRun.intro')}</p>
      <div className="d-flex flex-wrap gap-2">
        {offers.map((o) => (
          <Link key={o.key} className="btn btn-sm btn-primary" to={o.to}>
            {t(`monitoring.firstRun.${o.key}`)}
          </Link>
        ))}
      </div>
    </section>
  )
}
