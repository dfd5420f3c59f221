import { useTranslation } from 'react-i18next'
import { hostTypeCatalogue } from '../../shared/host-catalogue'

/** SPEC §2 /supported_devices: the host-type catalogue (SPEC §3) and the checks each type brings, as in the README. */
export function SupportedDevicesPage() {
  const { t } = useTranslation()
  const catalogue = hostTypeCatalogue()
  const tags = catalogue.option_tags
  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('admin.hosts.catalogue.title')}</h1>
      <p>{t('admin.hosts.catalogue.intro')}</p>
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">{t('admin.hosts.catalogue.type')}</th>
            <th scope="col">{t('admin.hosts.catalogue.name')}</th>
            <th scope="col">{t('admin.hosts.catalogue.category')}</th>
            <th scope="col">{t('admin.hosts.catalogue.accessMethod')}</th>
            <th scope="col">{t('admin.hosts.catalogue.configBackup')}</th>
            <th scope="col">{t('admin.hosts.catalogue.checks')}</th>
          </tr>
        </thead>
        <tbody>
          {catalogue.result.map((type) => (
            <tr key={type.name}>
              <td>
                <span role="img" aria-label={type.category} className="me-1">
                  {type.icon}
                </span>
                <code>{type.name}</code>
              </td>
              <td>{type.display_name}</td>
              <td>{type.category}</td>
              <td>{type.access_method}</td>
              <td>{t(type.config_backup ? 'admin.hosts.catalogue.yes' : 'admin.hosts.catalogue.no')}</td>
              <td>{type.checks.map((c) => `${c.name} (${c.kind})`).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="h5">{t('admin.hosts.catalogue.tagsTitle')}</h2>
      <dl>
        <dt>{t('admin.hosts.catalogue.agentless')}</dt>
        <dd>{tags.agentless_checks.join(', ')}</dd>
        <dt>{t('admin.hosts.catalogue.allowances')}</dt>
        <dd>{tags.status_allowances.join(', ')}</dd>
        <dt>{t('admin.hosts.catalogue.checkOptions')}</dt>
        <dd>{tags.check_options.join(', ')}</dd>
        <dt>{t('admin.hosts.catalogue.hostOptions')}</dt>
        <dd>{tags.host_options.join(', ')}</dd>
        <dt>{t('admin.hosts.catalogue.recorded')}</dt>
        <dd>{tags.recorded_only.join(', ')}</dd>
      </dl>
    </div>
  )
}
