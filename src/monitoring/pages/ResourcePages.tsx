import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { NotFoundPage } from '../../app/shell'
import { ComingSoon, isTablePathSegment } from '../../ui'
import { LoadingAction } from '../actions/ViewActions'
import { useResource } from '../api'
import { useTableRefetchInterval } from '../feed'
import { MonitoringFrame } from '../components/MonitoringFrame'
import { StatusPanel } from '../components/StatusPanel'
import { SubjectTabs } from '../components/SubjectTabs'
import { CONFIG_BACKUPS } from '../links'
import type { ResourceRow } from '../model'
import { HostsPage } from './ListPages'

/** /monitoring/hosts/{a}/{b}: a resource's status, unless both are host list path forms (groupby=…/page=…). */
export function ResourceRoutePage() {
  const { hostname = '', resourcename = '' } = useParams()
  return isTablePathSegment(hostname) && isTablePathSegment(resourcename) ? <HostsPage /> : <ResourceStatusPage />
}

function ResourceTab({ tab, children }: { tab: 'status' | 'configs'; children(resource: ResourceRow): ReactNode }) {
  const { hostname = '', resourcename = '' } = useParams()
  // SPEC §9 resource auto-refresh while the feed is down.
  const resource = useResource(hostname, resourcename, useTableRefetchInterval('resource'))
  return (
    <MonitoringFrame title={`${hostname} – ${resourcename}`} tabs={<SubjectTabs host={hostname} resource={resourcename} active={tab} />}>
      {resource.data ? children(resource.data) : <LoadingAction query={resource} />}
    </MonitoringFrame>
  )
}

/** SPEC §2 /monitoring/hosts/{hostname}/{resourcename}/(status). */
export function ResourceStatusPage() {
  return <ResourceTab tab="status">{(resource) => <StatusPanel row={resource} />}</ResourceTab>
}

/** SPEC §2 …/Config Backups/configs: only that resource has it; the backups arrive with a later issue. */
export function ResourceConfigsPage() {
  const { t } = useTranslation()
  const { resourcename } = useParams()
  if (resourcename !== CONFIG_BACKUPS) return <NotFoundPage />
  return <ResourceTab tab="configs">{() => <ComingSoon screen={t('monitoring.screens.resourceConfigs')} />}</ResourceTab>
}
