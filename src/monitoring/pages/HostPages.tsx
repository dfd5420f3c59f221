import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { NotFoundPage } from '../../app/shell'
import { isTablePathSegment, type TablePath } from '../../ui'
import { HostRisks } from '../../risks'
import { useHost } from '../api'
import { useTableRefetchInterval } from '../feed'
import { EntityScreen } from '../components/EntityScreen'
import { MonitoringFrame } from '../components/MonitoringFrame'
import { StatusPanel } from '../components/StatusPanel'
import { SubjectTabs } from '../components/SubjectTabs'
import { LoadingAction } from '../actions/ViewActions'
import { hostPath, tableHref } from '../links'
import type { HostRow } from '../model'
import { tablePathOf } from '../table-route'
import { useTableScreen } from '../use-table-screen'
import { HostsPage } from './ListPages'

/** /monitoring/hosts/{hostname}: the host's resources tab, unless the segment is a host list path form. */
export function HostRoutePage() {
  const { hostname = '' } = useParams()
  return isTablePathSegment(hostname) ? <HostsPage /> : <HostResourcesPage />
}

/** A host tab: the host's name as the title, its tabs, and the tab once the host is loaded (404: content not found). */
function HostTab({ tab, children }: { tab: 'resources' | 'status' | 'risks'; children(host: HostRow): ReactNode }) {
  const { hostname = '' } = useParams()
  // SPEC §9 host status auto-refresh while the feed is down.
  const host = useHost(hostname, useTableRefetchInterval('host_status'))
  return (
    <MonitoringFrame title={hostname} tabs={<SubjectTabs host={hostname} active={tab} />}>
      {host.data ? children(host.data) : <LoadingAction query={host} />}
    </MonitoringFrame>
  )
}

/** SPEC §2 /monitoring/hosts/{hostname}/(resources), also /resources/groupby=all: the host's resources. */
export function HostResourcesPage() {
  const splat = useParams()['*']
  const path = tablePathOf(splat)
  if (!path) return <NotFoundPage />
  return <HostTab tab="resources">{(host) => <HostResources host={host} path={path} />}</HostTab>
}

function HostResources({ host, path }: { host: HostRow; path: TablePath }) {
  const { t } = useTranslation()
  const screen = useTableScreen({
    location: 'resources',
    path,
    baseRules: [['host_id', 'equals', host.id]],
    hrefFor: (p, s) => tableHref(hostPath(host.name, 'resources'), p, s),
  })
  return (
    <EntityScreen
      screen={screen}
      entity="resources"
      kind="resources"
      showHost={false}
      title={t('monitoring.tables.hostResources', { host: host.name })}
    />
  )
}

/** SPEC §2 /monitoring/hosts/{hostname}/status. */
export function HostStatusPage() {
  return <HostTab tab="status">{(host) => <StatusPanel row={host} />}</HostTab>
}

/** SPEC §2 /monitoring/hosts/{hostname}/risks: the host's risks from the risk scans. */
export function HostRisksPage() {
  return <HostTab tab="risks">{(host) => <HostRisks hostId={host.id} />}</HostTab>
}
