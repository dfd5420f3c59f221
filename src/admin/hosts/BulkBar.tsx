import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_CLUSTER_SIZE, MIN_CLUSTER_SIZE } from '../../shared/constants'
import { failureOf, useBulkTags, useFormCluster } from './api'

export interface BulkBarProps {
  hostIds: number[]
}

const CLUSTER_MESSAGES: Record<string, string> = {
  cluster_too_large: 'admin.hosts.bulk.clusterTooLarge',
  cluster_too_small: 'admin.hosts.bulk.clusterTooSmall',
}

/** Bulk edit of tags and forming a cluster (SPEC §5: 2–3 hosts) for the selected hosts. */
export function BulkBar({ hostIds }: BulkBarProps) {
  const { t } = useTranslation()
  const tags = useBulkTags()
  const cluster = useFormCluster()
  const [tagText, setTagText] = useState('')
  const [clusterName, setClusterName] = useState('')
  const list = tagText
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
  // SPEC §5 messages, said before asking the server; the server says the same (validation_failed with a reason).
  const sizeProblem =
    hostIds.length > MAX_CLUSTER_SIZE ? 'cluster_too_large' : hostIds.length < MIN_CLUSTER_SIZE ? 'cluster_too_small' : null
  const clusterFailure = failureOf(cluster.error)
  const reason = clusterFailure?.extra.reason
  const clusterMessage = typeof reason === 'string' && CLUSTER_MESSAGES[reason] ? t(CLUSTER_MESSAGES[reason]) : null
  const tagFailure = failureOf(tags.error)
  return (
    <div className="border rounded p-2 mb-2" role="group" aria-label={t('admin.hosts.bulk.selected', { count: hostIds.length })}>
      <div className="mb-1">{t('admin.hosts.bulk.selected', { count: hostIds.length })}</div>
      <div className="d-flex gap-2 mb-1">
        <label className="visually-hidden" htmlFor="bulk-tags">
          {t('admin.hosts.bulk.tags')}
        </label>
        <input id="bulk-tags" className="form-control form-control-sm" value={tagText} onChange={(e) => setTagText(e.target.value)} />
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={!list.length || tags.isPending}
          onClick={() => tags.mutate({ host_ids: hostIds, add: list, remove: [] })}
        >
          {t('admin.hosts.bulk.addTags')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={!list.length || tags.isPending}
          onClick={() => tags.mutate({ host_ids: hostIds, add: [], remove: list })}
        >
          {t('admin.hosts.bulk.removeTags')}
        </button>
      </div>
      <div className="d-flex gap-2">
        <label className="visually-hidden" htmlFor="bulk-cluster">
          {t('admin.hosts.bulk.clusterName')}
        </label>
        <input
          id="bulk-cluster"
          className="form-control form-control-sm"
          placeholder={t('admin.hosts.bulk.clusterName')}
          value={clusterName}
          onChange={(e) => setClusterName(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={!clusterName || sizeProblem !== null || cluster.isPending}
          onClick={() => cluster.mutate({ name: clusterName, host_ids: hostIds })}
        >
          {t('admin.hosts.bulk.formCluster')}
        </button>
      </div>
      {sizeProblem && <div className="small text-warning">{t(CLUSTER_MESSAGES[sizeProblem])}</div>}
      {(clusterFailure || tagFailure) && (
        <div role="alert" className="small text-danger">
          {clusterMessage ?? t(`errors.${(clusterFailure ?? tagFailure)!.key}`)}
        </div>
      )}
      {(tags.isSuccess || cluster.isSuccess) && <div className="small text-success">{t('admin.hosts.bulk.done')}</div>}
    </div>
  )
}
