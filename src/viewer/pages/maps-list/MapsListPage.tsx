import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useCurrentUser } from '../../../app/api'
import { ListFilterBar, useListFilter, usePagedRoute } from '../../../app/filters'
import { useTableShortcuts } from '../../../app/input'
import { NotFoundPage, showMessage } from '../../../app/shell'
import { formatDateTime, slideshowPath, TablePanel, type TableColumn, writableEnvironments } from '../../../ui'
import type { MapInfo } from '../../../shared/api/maps'
import { LIST_LIMIT_MAX } from '../../../shared/constants'
import type { CurrentUser } from '../../../shared/api/users'
import { fetchMaps, mapWrites, useMapList, useMapWrite } from '../../api'
import { AddMapDialog } from './AddMapDialog'
import { ConfirmDialog } from './ConfirmDialog'
import { GenerateMapDialog } from './GenerateMapDialog'
import { mapFilterColumns } from './filter-columns'
import { ImportMapDialog } from './ImportMapDialog'
import { MapRowActions, viewerPath } from './MapRowActions'

const when = (unix: number) => formatDateTime(new Date(unix * 1000))
const STATUS_CLASS: Record<MapInfo['status'], string> = { draft: 'text-bg-secondary', live: 'text-bg-success', archived: 'text-bg-dark' }

const environmentName = (user: CurrentUser | undefined, id: number) => user?.allowed_environments.find((e) => e.id === id)?.name

/**
 * SPEC §2 /maps overview, "Maps table": map (alias link), description, layout, last modified, actions (edit,
 * fullscreen, delete), with the SPEC §3 status; expanded row: last modified, created and the slideshows
 * containing the map sorted by alias. "Add map", "New map from…" and "Import map" need maps_write on some environment.
 * Page and sort live in the hash route, so a link reproduces the screen.
 */
export function MapsListPage() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const [search] = useSearchParams()
  // ?dialog=add opens "Add map" at once (issue 15: the first-run "Add a map" on the monitoring screens).
  const [dialog, setDialog] = useState<'add' | 'generate' | 'import' | null>(search.get('dialog') === 'add' ? 'add' : null)
  const [deleting, setDeleting] = useState<MapInfo | null>(null)
  const remove = useMapWrite(mapWrites.remove)
  const paging = usePagedRoute()
  const filterColumns = useMemo(() => mapFilterColumns(t, user?.allowed_environments.map((e) => e.alias) ?? []), [t, user])
  const filter = useListFilter('maps', filterColumns)
  const query = { order: paging.order, advanced_filter: filter.rules.length ? JSON.stringify(filter.rules) : undefined }
  const list = useMapList({ ...query, ...paging.range })
  useTableShortcuts({ ...paging.table, total: list.data?.totalresults, reload: () => void list.refetch() })
  const writable = writableEnvironments(user)

  const columns = useMemo(
    (): TableColumn<MapInfo>[] => [
      {
        id: 'alias',
        header: t('maps.list.columns.map'),
        sortable: true,
        csv: (m) => m.alias,
        cell: (m) => (
          <span className="d-inline-flex flex-wrap align-items-center gap-1">
            <Link to={viewerPath(m, 'view')}>{m.alias}</Link>
            {m.generated && <span className="badge text-bg-info">{t('maps.list.generated')}</span>}
            {m.locked_by_someone && (
              <span className="badge text-bg-warning">{t('maps.list.lockedBy', { username: m.lock?.username })}</span>
            )}
          </span>
        ),
      },
      {
        id: 'description',
        header: t('maps.list.columns.description'),
        sortable: true,
        csv: (m) => m.description,
        cell: (m) => m.description,
      },
      {
        id: 'layout',
        header: t('maps.list.columns.layout'),
        sortable: true,
        csv: (m) => t(`maps.list.layouts.${m.layout}`),
        cell: (m) => t(`maps.list.layouts.${m.layout}`),
      },
      {
        id: 'status',
        header: t('maps.list.columns.status'),
        sortable: true,
        csv: (m) => m.status,
        cell: (m) => <span className={`badge ${STATUS_CLASS[m.status]}`}>{t(`maps.list.statuses.${m.status}`)}</span>,
      },
      {
        id: 'updated_time',
        header: t('maps.list.columns.lastModified'),
        sortable: true,
        className: 'text-nowrap',
        csv: (m) => when(m.updated_time),
        cell: (m) => when(m.updated_time),
      },
      { id: 'actions', header: t('maps.list.columns.actions'), cell: (m) => <MapRowActions map={m} onDelete={setDeleting} /> },
    ],
    [t],
  )

  const expanded = (m: MapInfo) => (
    <dl className="row mb-0 small">
      <dt className="col-sm-2">{t('maps.list.expanded.lastModified')}</dt>
      <dd className="col-sm-10">{when(m.updated_time)}</dd>
      <dt className="col-sm-2">{t('maps.list.expanded.created')}</dt>
      <dd className="col-sm-10">{when(m.created_time)}</dd>
      <dt className="col-sm-2">{t('maps.list.expanded.slideshows')}</dt>
      <dd className="col-sm-10">
        {m.slideshows.length === 0 ? (
          t('maps.list.expanded.noSlideshows')
        ) : (
          <ul className="list-inline mb-0">
            {[...m.slideshows]
              .sort((a, b) => a.alias.localeCompare(b.alias))
              .map((s) => {
                const env = environmentName(user, s.hostgroup_id)
                return (
                  <li key={s.id} className="list-inline-item">
                    {env ? <Link to={slideshowPath(env, s.name)}>{s.alias}</Link> : s.alias}
                  </li>
                )
              })}
          </ul>
        )}
      </dd>
    </dl>
  )

  const toolbar = (
    <>
      <Link className="btn btn-sm btn-outline-secondary" to="/maps/slideshows">
        {t('maps.list.slideshows')}
      </Link>
      {writable.length > 0 && (
        <>
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setDialog('import')}>
            {t('maps.list.importMap')}
          </button>
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setDialog('generate')}>
            {t('maps.list.newFrom')}
          </button>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog('add')}>
            {t('maps.list.addMap')}
          </button>
        </>
      )}
    </>
  )

  if (paging.notFound) return <NotFoundPage />
  return (
    <div className="container-fluid py-3">
      <ListFilterBar list={filter} />
      <TablePanel
        title={t('maps.list.title')}
        rows={list.data?.result ?? []}
        getRowId={(m) => String(m.id)}
        columns={columns}
        total={list.data?.totalresults ?? 0}
        {...paging.table}
        loading={list.isFetching}
        filterActive={filter.active}
        fetchAllRows={async () => (await fetchMaps({ ...query, limit: LIST_LIMIT_MAX, offset: 0 })).result}
        renderExpanded={expanded}
        toolbar={toolbar}
      />
      {dialog === 'add' && writable.length > 0 && <AddMapDialog environments={writable} onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportMapDialog environments={writable} onClose={() => setDialog(null)} />}
      {dialog === 'generate' && (
        <GenerateMapDialog environments={writable} sources={user?.allowed_environments ?? []} onClose={() => setDialog(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('maps.list.deleteConfirmTitle')}
          text={t('maps.list.deleteConfirmation', { alias: deleting.alias })}
          confirmLabel={t('maps.list.deleteConfirm')}
          isPending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              // SPEC §7 Maps: the delete shows a success message, then the list reloads.
              onSuccess: () => {
                showMessage({ variant: 'success', text: t('maps.list.deleted', { alias: deleting.alias }) })
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
