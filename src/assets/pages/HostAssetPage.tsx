import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useAssetHost, useHostAssets, useHostSoftware } from '../api'
import { hostAssetPath, hostAssetsPath } from '../links'
import { HostPackages } from '../components/HostPackages'
import { CollectedSection } from '../components/CollectedSection'
import { ASSET_SECTION_NAMES } from '../../shared/asset-sections'
import { isTablePathSegment } from '../../ui'
import { HostAssetsPage } from './HostAssetsPage'

/** SPEC §3 asset sections in SPEC order: packages (from the agent's push or its inventory) after OS, the rest collected. */
const SECTION_ORDER = [
  ...ASSET_SECTION_NAMES.slice(0, ASSET_SECTION_NAMES.indexOf('os') + 1),
  'packages',
  ...ASSET_SECTION_NAMES.slice(ASSET_SECTION_NAMES.indexOf('os') + 1),
] as const

/**
 * SPEC §2 /assets/{hostname}/{tab?}: one host's asset detail, a tab per asset section with data; a tab without data
 * (or none named) shows the first that has some. A host without asset data says so.
 */
export function HostAssetPage() {
  const { hostname = '', tab } = useParams()
  // /assets/page=2: the hosts' page path form (SPEC §2) lands on this route; a host name has no "=".
  return isTablePathSegment(hostname) ? <HostAssetsPage /> : <HostAssets hostname={hostname} tab={tab} />
}

function HostAssets({ hostname, tab }: { hostname: string; tab: string | undefined }) {
  const { t } = useTranslation()
  const host = useAssetHost(hostname)
  const withData = host.data?.has_asset_data ? host.data : undefined
  const software = useHostSoftware(withData?.id)
  const collected = useHostAssets(withData?.id)
  const packages = software.data?.result ?? []
  const sections = collected.data?.result ?? []
  const available = SECTION_ORDER.filter((s) => (s === 'packages' ? packages.length > 0 : sections.some((c) => c.section === s)))
  const active = available.find((s) => s === tab) ?? available[0]
  const shown = sections.find((c) => c.section === active)

  return (
    <div className="container-fluid py-3">
      <p className="mb-2">
        <Link to={hostAssetsPath}>{t('assets.host.back')}</Link>
      </p>
      <h1 className="h4">{hostname}</h1>
      {host.isSuccess && !withData ? (
        <p role="status">{t('assets.host.noData', { host: hostname })}</p>
      ) : (
        <>
          <nav aria-label={t('assets.host.sections')}>
            <ul className="nav nav-tabs mb-3">
              {available.map((s) => (
                <li key={s} className="nav-item">
                  <Link
                    className={`nav-link${s === active ? ' active' : ''}`}
                    aria-current={s === active ? 'page' : undefined}
                    to={hostAssetPath(hostname, s)}
                  >
                    {t(`assets.host.${s}.title`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {active === 'packages' && <HostPackages packages={packages} loading={software.isFetching} />}
          {shown && <CollectedSection key={shown.section} section={shown} />}
        </>
      )}
    </div>
  )
}
