import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useChildren } from '../api'
import { childBadges } from '../children'
import { hostTypeCategory } from './host-type'
import { HostTypeIcon } from '../../ui'

export interface ChildBadgesProps {
  host: string
}

/** SPEC §2 "child hosts (loaded lazily as badges)": mounted, and so fetched, only in an open row. */
export function ChildBadges({ host }: ChildBadgesProps) {
  const { t } = useTranslation()
  const children = useChildren(host)
  if (children.isPending)
    return (
      <span className="small text-body-secondary" role="status">
        {t('monitoring.details.loadingChildren')}
      </span>
    )
  const badges = childBadges(host, children.data?.result ?? [])
  if (badges.length === 0) return <span>{t('monitoring.details.none')}</span>
  return (
    <ul className="list-inline mb-0">
      {badges.map((b) => (
        <li key={b.hosttype} className="list-inline-item">
          <Link
            to={b.href}
            className="badge text-bg-secondary text-decoration-none"
            title={t('monitoring.details.childBadge', { type: b.hosttype, count: b.count })}
          >
            <HostTypeIcon category={hostTypeCategory(b.hosttype)} className="me-1" />
            {b.hosttype} ({b.count}): {b.text}
          </Link>
        </li>
      ))}
    </ul>
  )
}
