import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { environmentFilterIds } from '../../shared/environment-filter'
import { usePackageVersions } from '../api'
import { softwarePath } from '../links'

/**
 * SPEC §2 /assets/software/{hosttype}/{package_name}: one package on the visible hosts of one host type, grouped
 * by version with each version's host count. A package no such host has is SPEC §8 asset_data_not_found, which
 * the error handler shows as content not found.
 */
export function SoftwareDetailPage() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const { hosttype = '', package_name: name = '' } = useParams()
  const environments = environmentFilterIds(user)
  const versions = usePackageVersions(hosttype, name, {
    environment_ids: environments.length ? environments.join(',') : undefined,
  })
  return (
    <div className="container-fluid py-3">
      <p className="mb-2">
        <Link to={softwarePath}>{t('assets.detail.back')}</Link>
      </p>
      <h1 className="h4">{t('assets.detail.title', { package: name, hosttype })}</h1>
      <table className="table table-sm w-auto" aria-label={t('assets.detail.title', { package: name, hosttype })}>
        <thead>
          <tr>
            <th scope="col">{t('assets.detail.columns.version')}</th>
            <th scope="col" className="text-end">
              {t('assets.detail.columns.hosts')}
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.data?.result.map((v) => (
            <tr key={v.version}>
              <td>{v.version || <span className="text-body-secondary">{t('assets.software.noVersion')}</span>}</td>
              <td className="text-end">{v.host_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
