import { useTranslation } from 'react-i18next'
import type { HostImportRow } from '../../shared/api/host-import'

const STATUS_CLASS: Record<HostImportRow['status'], string> = { ok: 'text-bg-success', created: 'text-bg-primary', error: 'text-bg-danger' }

/** Details of a row error beyond its SPEC §8 text: which field, value, earlier row or reason. */
const DETAILS = ['field', 'value', 'name', 'environment', 'parents', 'row', 'limit', 'reason'] as const

/** The rows of a CSV import, previewed or imported: what each host is, the checks it brings, and why a row is refused. */
export function ImportRows({ rows }: { rows: HostImportRow[] }) {
  const { t } = useTranslation()
  return (
    <table className="table table-sm align-middle">
      <thead>
        <tr>
          <th scope="col">{t('admin.hosts.import.columnsTable.row')}</th>
          <th scope="col">{t('admin.hosts.columns.name')}</th>
          <th scope="col">{t('admin.hosts.columns.hosttype')}</th>
          <th scope="col">{t('admin.hosts.columns.environment')}</th>
          <th scope="col">{t('admin.hosts.columns.address')}</th>
          <th scope="col">{t('admin.hosts.import.columnsTable.status')}</th>
          <th scope="col">{t('admin.hosts.import.columnsTable.details')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.row}>
            <td>{r.row}</td>
            <td>{r.host.name}</td>
            <td>{r.host.hosttype}</td>
            <td>{r.host.environment}</td>
            <td>{r.host.ip_address || r.host.fqdn}</td>
            <td>
              <span className={`badge ${STATUS_CLASS[r.status]}`}>{t(`admin.hosts.import.status.${r.status}`)}</span>
            </td>
            <td>
              {r.errors.length > 0 ? (
                <ul className="list-unstyled mb-0 text-danger small">
                  {r.errors.map((e, i) => (
                    <li key={i}>
                      {t(`errors.${e.key}`, { ...e.extra_info, defaultValue: e.key })} <code>{e.key}</code>{' '}
                      {DETAILS.filter((d) => e.extra_info[d] !== undefined)
                        .map((d) => t(`admin.hosts.import.details.${d}`, { value: String(e.extra_info[d]) }))
                        .join('; ')}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="small">{t('admin.hosts.import.brings', { checks: r.checks.join(', ') || '—' })}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
