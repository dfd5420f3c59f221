import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { DISCOVERY_MAX_ADDRESSES, type DiscoveryJob } from '../../shared/api/discovery'
import { useOrganizationEnvironments } from '../hosts/api'
import { useCancelDiscovery, useDiscovery } from './api'
import { DiscoveryForm } from './DiscoveryForm'
import { ProposalTable } from './ProposalTable'

/** The sweep's progress (issue 15 "Progress shown while it runs"): addresses done of total, found so far. */
function Progress({ job }: { job: DiscoveryJob }) {
  const { t } = useTranslation()
  const cancel = useCancelDiscovery()
  const percent = job.total ? Math.round((job.done / job.total) * 100) : 100
  return (
    <div className="mb-3">
      <div
        className="progress mb-1"
        role="progressbar"
        aria-label={t('admin.discovery.progress.label')}
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={job.done}
      >
        <div
          className={`progress-bar${job.state === 'running' ? ' progress-bar-striped progress-bar-animated' : ''}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p role="status" className="mb-1">
        {t(`admin.discovery.progress.${job.state}`, { done: job.done, total: job.total, found: job.found, cidr: job.cidr })}
      </p>
      {job.skipped > 0 && <p className="small text-body-secondary mb-1">{t('admin.discovery.progress.skipped', { count: job.skipped })}</p>}
      {job.state === 'running' && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(job.id)}
        >
          {t('admin.discovery.progress.cancel')}
        </button>
      )}
    </div>
  )
}

/**
 * SPEC §2 /admin/{organization}/hosts/discover (issue 15 "Discover a network"): sweep a range, watch it run, and
 * add the proposed hosts. The sweep's id stays in the address (`?job=`), so a reload or a link shows it again.
 */
export function DiscoveryPage() {
  const { t } = useTranslation()
  const organization = useParams().organization ?? ''
  const [search, setSearch] = useSearchParams()
  const jobId = search.get('job')
  const environments = useOrganizationEnvironments(organization).data?.result ?? []
  const job = useDiscovery(jobId)

  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('admin.discovery.title', { organization })}</h1>
      <p>
        <Link to={`/admin/${encodeURIComponent(organization)}/hosts`}>{t('admin.discovery.back')}</Link>
      </p>
      <p className="text-body-secondary">{t('admin.discovery.intro', { maximum: DISCOVERY_MAX_ADDRESSES })}</p>
      {environments.length > 0 && <DiscoveryForm environments={environments} onStarted={(started) => setSearch({ job: started.id })} />}
      {job.isError && <p role="alert">{t('admin.discovery.progress.gone')}</p>}
      {job.data && (
        <>
          <Progress job={job.data} />
          <ProposalTable key={job.data.id} job={job.data} environments={environments} />
        </>
      )}
    </div>
  )
}
