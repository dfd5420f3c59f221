import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../../app/api'
import { AcknowledgementList } from '../../shared/api/acknowledgements'
import { DowntimeList } from '../../shared/api/downtimes'
import { AcknowledgementsView, MaintenanceView } from '../../ui'
import { monitoringKeys } from '../api'
import { subjectName, type MonitoredRow } from '../model'
import { rowBase } from './requests'
import { runRemoveAcknowledgement, runRemoveMaintenance } from './run'

export interface ViewActionProps {
  row: MonitoredRow
  onDone(): void
  onClose(): void
}

export interface LoadingActionProps {
  /** The query being waited for: once it failed, the panel says so (the error itself was shown once, SPEC §8). */
  query: { isError: boolean; refetch(): unknown }
}

/** While a panel's data loads; after a failure, a "could not be loaded" line with a retry instead of "Loading…" forever. */
export function LoadingAction({ query }: LoadingActionProps) {
  const { t } = useTranslation()
  if (query.isError)
    return (
      <p className="card card-body mb-3 d-flex flex-row align-items-center gap-2" role="alert">
        {t('ui.actions.loadFailed')}
        <button type="button" className="btn btn-sm btn-outline-secondary ms-auto" onClick={() => void query.refetch()}>
          {t('ui.actions.retry')}
        </button>
      </p>
    )
  return (
    <p className="card card-body mb-3 text-body-secondary" role="status">
      {t('ui.table.loading')}
    </p>
  )
}

const ignore = () => {}

/** SPEC §2 "View acknowledgements"; remove needs add_acknowledgement (SPEC §6). */
export function AcknowledgementsAction({ row, onDone, onClose }: ViewActionProps) {
  const path = `${rowBase(row)}/acknowledgements`
  const list = useQuery({
    queryKey: [...monitoringKeys.actions(rowBase(row)), 'acknowledgements'],
    queryFn: ({ signal }) => api.request(path, { schema: AcknowledgementList, signal }),
  })
  if (!list.data) return <LoadingAction query={list} />
  const remove = () => void runRemoveAcknowledgement(path, [row]).then(onDone, ignore)
  return (
    <AcknowledgementsView
      subject={subjectName(row)}
      acknowledgements={list.data.result}
      onClose={onClose}
      onRemove={row.allowed_actions.includes('add_acknowledgement') ? remove : undefined}
    />
  )
}

/** SPEC §2 "View maintenance, with a remove-all confirmation"; removing needs schedule_downtime (SPEC §6). */
export function MaintenanceViewAction({ row, onDone, onClose }: ViewActionProps) {
  const path = `${rowBase(row)}/downtimes`
  const list = useQuery({
    queryKey: [...monitoringKeys.actions(rowBase(row)), 'downtimes'],
    queryFn: ({ signal }) => api.request(path, { schema: DowntimeList, signal }),
  })
  if (!list.data) return <LoadingAction query={list} />
  const removeAll = () => void runRemoveMaintenance(path, [row]).then(onDone, ignore)
  return (
    <MaintenanceView
      subject={subjectName(row)}
      downtimes={list.data.result}
      onClose={onClose}
      onRemoveAll={row.allowed_actions.includes('schedule_downtime') ? removeAll : undefined}
    />
  )
}
