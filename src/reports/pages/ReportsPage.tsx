import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { ListFilterBar, useListFilter, usePagedRoute } from '../../app/filters'
import { useTableShortcuts } from '../../app/input'
import { NotFoundPage, showMessage } from '../../app/shell'
import { LIST_LIMIT_MAX } from '../../shared/constants'
import type { Report } from '../../shared/api/report-configurations'
import { formatDateTime, Modal, TablePanel, type TableColumn } from '../../ui'
import { fetchReports, reportWrites, useReportList, useReportWrite } from '../api'
import { ReportForm } from '../components/ReportForm'
import { reportFilterColumns } from '../filter-columns'
import { reportPath } from '../links'
import { mayEditReport, reportEnvironments } from '../rights'

const when = (unix: number) => formatDateTime(new Date(unix * 1000))

/**
 * SPEC §2 /reports overview: the reports of the environments the person sees, with the section's filter panel
 * (location `reports`, SPEC §2 per-section custom filters), sort, paging, CSV of the whole filter, and "Add report"
 * where the person may write (SPEC §6). Page, sort and filter live in the route.
 */
export function ReportsPage() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const navigate = useNavigate()
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Report | null>(null)
  const create = useReportWrite(reportWrites.create)
  const remove = useReportWrite(reportWrites.remove)
  const paging = usePagedRoute()
  const filterColumns = useMemo(() => reportFilterColumns(t, user?.allowed_environments.map((e) => e.alias) ?? []), [t, user])
  const filter = useListFilter('reports', filterColumns)
  const query = { order: paging.order, advanced_filter: filter.rules.length ? JSON.stringify(filter.rules) : undefined }
  const list = useReportList({ ...query, ...paging.range })
  useTableShortcuts({ ...paging.table, total: list.data?.totalresults, reload: () => void list.refetch() })
  const writable = reportEnvironments(user)

  const columns = useMemo(
    (): TableColumn<Report>[] => [
      {
        id: 'title',
        header: t('reports.columns.title'),
        sortable: true,
        csv: (r) => r.title,
        cell: (r) => <Link to={reportPath(r)}>{r.title}</Link>,
      },
      {
        id: 'hostgroup_alias',
        header: t('reports.columns.environment'),
        sortable: true,
        csv: (r) => r.hostgroup_alias,
        cell: (r) => r.hostgroup_alias,
      },
      {
        id: 'period',
        header: t('reports.columns.period'),
        sortable: true,
        csv: (r) => t(`reports.periods.${r.period}`),
        cell: (r) => t(`reports.periods.${r.period}`),
      },
      {
        id: 'window',
        header: t('reports.columns.window'),
        sortable: true,
        csv: (r) => t(`reports.windows.${r.window}`),
        cell: (r) => t(`reports.windows.${r.window}`),
      },
      {
        id: 'type',
        header: t('reports.columns.type'),
        sortable: true,
        csv: (r) => t(`reports.types.${r.type}`),
        cell: (r) => t(`reports.types.${r.type}`),
      },
      {
        id: 'content',
        header: t('reports.columns.content'),
        csv: (r) => r.content.map((c) => t(`reports.content.${c}`)).join(', '),
        cell: (r) => r.content.map((c) => t(`reports.content.${c}`)).join(', '),
      },
      {
        id: 'updated_time',
        header: t('reports.columns.updated'),
        sortable: true,
        className: 'text-nowrap',
        csv: (r) => when(r.updated_time),
        cell: (r) => when(r.updated_time),
      },
      {
        id: 'actions',
        header: t('reports.columns.actions'),
        cell: (r) => (
          <span className="d-inline-flex gap-1">
            <Link className="btn btn-sm btn-outline-secondary" to={reportPath(r, 'configuration')}>
              {t('reports.actions.configuration')}
            </Link>
            {mayEditReport(r) && (
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => setDeleting(r)}
                aria-label={`${t('reports.actions.delete')} ${r.title}`}
              >
                {t('reports.actions.delete')}
              </button>
            )}
          </span>
        ),
      },
    ],
    [t],
  )

  const toolbar = writable.length > 0 && (
    <button type="button" className="btn btn-sm btn-primary" onClick={() => setAdding(true)}>
      {t('reports.list.add')}
    </button>
  )

  if (paging.notFound) return <NotFoundPage />
  return (
    <div className="container-fluid py-3">
      <ListFilterBar list={filter} />
      <TablePanel
        title={t('reports.list.title')}
        rows={list.data?.result ?? []}
        getRowId={(r) => String(r.id)}
        columns={columns}
        total={list.data?.totalresults ?? 0}
        {...paging.table}
        loading={list.isFetching}
        filterActive={filter.active}
        fetchAllRows={async () => (await fetchReports({ ...query, limit: LIST_LIMIT_MAX, offset: 0 })).result}
        csvName={t('reports.list.csvName')}
        toolbar={toolbar}
      />
      {adding && (
        <Modal title={t('reports.form.addTitle')} onClose={() => setAdding(false)}>
          <ReportForm
            environments={writable}
            busy={create.isPending}
            submitLabel={t('reports.form.create')}
            onCancel={() => setAdding(false)}
            onSubmit={(draft) =>
              create.mutate(draft, {
                onSuccess: (report) => {
                  setAdding(false)
                  showMessage({ variant: 'success', text: t('reports.form.saved', { title: report.title }) })
                  void navigate(reportPath(report))
                },
              })
            }
          />
        </Modal>
      )}
      {deleting && (
        <Modal title={t('reports.list.deleteTitle')} onClose={() => setDeleting(null)} size="sm">
          <p>{t('reports.list.deleteConfirmation', { title: deleting.title })}</p>
          <div className="d-flex justify-content-end gap-2">
            <button type="button" className="btn btn-secondary" onClick={() => setDeleting(null)}>
              {t('maps.add.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    showMessage({ variant: 'success', text: t('reports.list.deleted', { title: deleting.title }) })
                    setDeleting(null)
                  },
                })
              }
            >
              {t('reports.list.deleteConfirm')}
            </button>
          </div>
        </Modal>
      )}
    </div>
  )
}
