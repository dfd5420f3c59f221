import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useCurrentUser } from '../../../app/api'
import { usePagedRoute } from '../../../app/filters'
import { useTableShortcuts } from '../../../app/input'
import { NotFoundPage, showMessage } from '../../../app/shell'
import { Icon, Modal, TablePanel, type TableColumn, writableEnvironments } from '../../../ui'
import type { Slideshow } from '../../../shared/api/maps'
import { LIST_LIMIT_MAX } from '../../../shared/constants'
import { ConfirmDialog } from '../maps-list/ConfirmDialog'
import { slideshowPath } from '../../../ui'
import { fetchSlideshows, slideshowWrites, useSlideshowList, useSlideshowWrite } from './api'
import { SlideshowForm } from './SlideshowForm'

/** SPEC §2 /maps/slideshows: the slideshows with show, fullscreen, edit and delete; "add" with maps_write. */
export function SlideshowsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const user = useCurrentUser()
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Slideshow | null>(null)
  const remove = useSlideshowWrite(slideshowWrites.remove)
  const paging = usePagedRoute()
  const list = useSlideshowList({ order: paging.order, ...paging.range })
  useTableShortcuts({ ...paging.table, total: list.data?.totalresults, reload: () => void list.refetch() })
  const writable = writableEnvironments(user)

  const columns = useMemo((): TableColumn<Slideshow>[] => {
    const path = (s: Slideshow) => slideshowPath(s.hostgroup_name, s.name)
    const refuse = () => showMessage({ variant: 'warning', text: t('maps.list.editNotAllowed') })
    return [
      {
        id: 'alias',
        header: t('maps.slideshows.columns.slideshow'),
        sortable: true,
        csv: (s) => s.alias,
        cell: (s) => <Link to={path(s)}>{s.alias}</Link>,
      },
      {
        id: 'hostgroup_name',
        header: t('maps.slideshows.columns.environment'),
        sortable: true,
        csv: (s) => s.hostgroup_name,
        cell: (s) => s.hostgroup_name,
      },
      {
        id: 'delay',
        header: t('maps.slideshows.columns.delay'),
        sortable: true,
        csv: (s) => s.delay,
        cell: (s) => (
          <>
            {t('maps.slideshows.delaySeconds', { delay: s.delay })}
            {s.follow_alarms && <span className="badge text-bg-info ms-2">{t('maps.slideshows.followAlarms')}</span>}
          </>
        ),
      },
      {
        id: 'maps',
        header: t('maps.slideshows.columns.maps'),
        csv: (s) => s.maps.map((m) => m.alias).join(', '),
        cell: (s) => s.maps.map((m) => m.alias).join(', '),
      },
      {
        id: 'actions',
        header: t('maps.slideshows.columns.actions'),
        cell: (s) => {
          const canWrite = s.allowed_actions.includes('write')
          return (
            <div className="btn-group" role="group">
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={t('maps.slideshows.actions.fullscreen', { alias: s.alias })}
                onClick={() => void navigate(`${path(s)}/fullscreen`)}
              >
                ⛶
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={t('maps.slideshows.actions.edit', { alias: s.alias })}
                onClick={() => (canWrite ? void navigate(`${path(s)}/edit`) : refuse())}
              >
                ✎
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={t('maps.slideshows.actions.delete', { alias: s.alias })}
                onClick={() => (canWrite ? setDeleting(s) : showMessage({ variant: 'warning', text: t('maps.list.deleteNotAllowed') }))}
              >
                <Icon name="trash" />
              </button>
            </div>
          )
        },
      },
    ]
  }, [t, navigate])

  if (paging.notFound) return <NotFoundPage />
  return (
    <div className="container-fluid py-3">
      <TablePanel
        title={t('maps.slideshows.title')}
        rows={list.data?.result ?? []}
        getRowId={(s) => String(s.id)}
        columns={columns}
        total={list.data?.totalresults ?? 0}
        {...paging.table}
        loading={list.isFetching}
        fetchAllRows={async () => (await fetchSlideshows({ order: paging.order, limit: LIST_LIMIT_MAX, offset: 0 })).result}
        toolbar={
          writable.length > 0 && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setAdding(true)}>
              {t('maps.slideshows.add')}
            </button>
          )
        }
      />
      {adding && (
        <Modal title={t('maps.slideshows.form.newTitle')} onClose={() => setAdding(false)} size="lg">
          <SlideshowForm
            environments={writable}
            onCancel={() => setAdding(false)}
            onSaved={(s) => {
              setAdding(false)
              showMessage({ variant: 'success', text: t('maps.slideshows.saved', { alias: s.alias }) })
            }}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('maps.slideshows.deleteConfirmTitle')}
          text={t('maps.slideshows.deleteConfirmation', { alias: deleting.alias })}
          confirmLabel={t('maps.list.deleteConfirm')}
          isPending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                showMessage({ variant: 'success', text: t('maps.slideshows.deleted', { alias: deleting.alias }) })
                setDeleting(null)
              },
            })
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  )
}
