import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { NotFoundPage } from '../../app/shell'
import { isTablePathSegment } from '../../ui'
import { ResourceConfigBackups } from '../../config-backups'
import { CONFIG_BACKUPS_RESOURCE } from '../../shared/config-backups'
import { LoadingAction } from '../actions/ViewActions'
import { useResource } from '../api'
import { useTableRefetchInterval } from '../feed'
import { MonitoringFrame } from '../components/MonitoringFrame'
import { StatusPanel } from '../components/StatusPanel'
import { SubjectTabs } from '../components/SubjectTabs'
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

/** SPEC §2 …/Config Backups/configs: only that resource has it. */
export function ResourceConfigsPage() {
  const { resourcename } = useParams()
  if (resourcename !== CONFIG_BACKUPS_RESOURCE) return <NotFoundPage />
  return (
    <ResourceTab tab="configs">
      {(resource) => (
        <ResourceConfigBackups
          resourceId={resource.id}
          hostName={resource.host_name}
          output={resource.plugin_output}
          lastCheck={resource.last_check}
        />
      )}
    </ResourceTab>
  )
}
