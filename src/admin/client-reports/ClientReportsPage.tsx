import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ClientReportKind, ClientReportRow } from '../../shared/api/reports'
import { PAGE_SIZE, useClientReports } from './api'

const time = (s: number) => new Date(s * 1000).toLocaleString()

function ErrorRows({ rows }: { rows: ClientReportRow[] }) {
  const { t } = useTranslation()
  const k = (key: string) => t(`shell.clientReports.${key}`)
  return (
    <table className="table table-sm align-top" aria-label={k('errors')}>
      <thead>
        <tr>
          <th>{k('time')}</th>
          <th>{k('user')}</th>
          <th>{k('error')}</th>
          <th>{k('url')}</th>
          <th>{k('browser')}</th>
          <th>{k('release')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td className="text-nowrap">{time(r.created)}</td>
            <td>{r.username}</td>
            <td>
              <pre className="mb-0 small text-wrap" style={{ maxHeight: '8rem' }}>
                {r.error?.error}
              </pre>
            </td>
            <td className="text-break">{r.error?.url}</td>
            <td className="small">{r.error?.browser}</td>
            <td>{r.error?.release}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function UsageRows({ rows }: { rows: ClientReportRow[] }) {
  const { t } = useTranslation()
  const k = (key: string) => t(`shell.clientReports.${key}`)
  return (
    <table className="table table-sm align-top" aria-label={k('usage')}>
      <thead>
        <tr>
          <th>{k('time')}</th>
          <th>{k('user')}</th>
          <th>{k('entries')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td className="text-nowrap">{time(r.created)}</td>
            <td>{r.username}</td>
            <td className="small">{r.entries?.map((e) => `${e.type}: ${e.value}`).join(' · ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Issue 19: what browsers reported (SPEC §7 POST errors and POST tracker), for server admins (others get a 403 page). */
export function ClientReportsPage() {
  const { t } = useTranslation()
  const [kind, setKind] = useState<ClientReportKind>('error')
  const [page, setPage] = useState(0)
  const reports = useClientReports(kind, page)
  const rows = reports.data?.result ?? []
  const total = reports.data?.totalresults ?? 0
  const k = (key: string) => t(`shell.clientReports.${key}`)
  const show = (next: ClientReportKind) => {
    setKind(next)
    setPage(0)
  }
  return (
    <section className="container-fluid py-3">
      <h1 className="h4">{t('admin.screens.clientReports')}</h1>
      <p>{k('intro')}</p>
      <ul className="nav nav-tabs mb-3">
        {(['error', 'tracker'] as const).map((tab) => (
          <li className="nav-item" key={tab}>
            <button
              type="button"
              className={`nav-link ${kind === tab ? 'active' : ''}`}
              aria-current={kind === tab}
              onClick={() => show(tab)}
            >
              {k(tab === 'error' ? 'errors' : 'usage')}
            </button>
          </li>
        ))}
      </ul>
      <p className="text-body-secondary">{t('shell.clientReports.total', { count: total })}</p>
      {reports.isSuccess && rows.length === 0 && <p>{k('empty')}</p>}
      {rows.length > 0 && (kind === 'error' ? <ErrorRows rows={rows} /> : <UsageRows rows={rows} />)}
      {total > PAGE_SIZE && (
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            ‹
          </button>
          <span>
            {page + 1} / {Math.ceil(total / PAGE_SIZE)}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={(page + 1) * PAGE_SIZE >= total}
            onClick={() => setPage(page + 1)}
          >
            ›
          </button>
        </div>
      )}
    </section>
  )
}
