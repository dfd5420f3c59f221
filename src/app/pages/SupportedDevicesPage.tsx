import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { hostTypeCatalogue } from '../../shared/host-catalogue'

/**
 * SPEC §2 /supported_devices: the host-type catalogue (SPEC §3) with categories, icons, access methods, the
 * checks each type brings and configuration backup support, as in the README; searchable on any of them.
 */
export function SupportedDevicesPage() {
  const { t } = useTranslation()
  const catalogue = useMemo(hostTypeCatalogue, [])
  const [search, setSearch] = useState('')
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  const types = catalogue.result.filter((type) => {
    const text = [type.name, type.display_name, type.category, type.access_method, ...type.checks.flatMap((c) => [c.name, c.kind])]
      .join(' ')
      .toLowerCase()
    return words.every((w) => text.includes(w))
  })
  const tags = catalogue.option_tags
  const k = (key: string) => t(`shell.supportedDevices.${key}`)
  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('app.screens.supportedDevices')}</h1>
      <p>{k('intro')}</p>
      <div className="d-flex align-items-center gap-3 mb-2">
        <input
          type="search"
          className="form-control w-auto"
          aria-label={k('search')}
          placeholder={k('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span role="status">{t('shell.supportedDevices.matches', { count: types.length })}</span>
      </div>
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">{k('type')}</th>
            <th scope="col">{k('name')}</th>
            <th scope="col">{k('category')}</th>
            <th scope="col">{k('accessMethod')}</th>
            <th scope="col">{k('configBackup')}</th>
            <th scope="col">{k('checks')}</th>
          </tr>
        </thead>
        <tbody>
          {types.map((type) => (
            <tr key={type.name} data-hosttype={type.name}>
              <td>
                <span role="img" aria-label={type.category} className="me-1">
                  {type.icon}
                </span>
                <code>{type.name}</code>
              </td>
              <td>{type.display_name}</td>
              <td>{type.category}</td>
              <td>{type.access_method}</td>
              <td>{k(type.config_backup ? 'yes' : 'no')}</td>
              <td>{type.checks.map((c) => `${c.name} (${c.kind})`).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="h5">{k('tagsTitle')}</h2>
      <dl>
        <dt>{k('agentless')}</dt>
        <dd>{tags.agentless_checks.join(', ')}</dd>
        <dt>{k('allowances')}</dt>
        <dd>{tags.status_allowances.join(', ')}</dd>
        <dt>{k('checkOptions')}</dt>
        <dd>{tags.check_options.join(', ')}</dd>
        <dt>{k('hostOptions')}</dt>
        <dd>{tags.host_options.join(', ')}</dd>
        <dt>{k('recorded')}</dt>
        <dd>{tags.recorded_only.join(', ')}</dd>
      </dl>
    </div>
  )
}
