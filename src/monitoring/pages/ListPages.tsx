import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { NotFoundPage } from '../../app/shell'
import { parseTablePath, type TablePath } from '../../ui'
import { EntityScreen } from '../components/EntityScreen'
import { MonitoringFrame } from '../components/MonitoringFrame'
import { FirstRunOffers } from '../components/FirstRunOffers'
import { tableHref } from '../links'
import { tablePathOf } from '../table-route'
import { useTableScreen } from '../use-table-screen'

const HOSTS = '/monitoring/hosts'
const RESOURCES = '/monitoring/resources'

/** SPEC §2 host list /monitoring/hosts with its path forms (/groupby=type/page=2 arrives as host and resource names). */
export function HostsPage() {
  const { hostname, resourcename } = useParams()
  const path = parseTablePath([hostname ?? '', resourcename ?? ''])
  return path ? <HostList path={path} /> : <NotFoundPage />
}

function HostList({ path }: { path: TablePath }) {
  const { t } = useTranslation()
  const screen = useTableScreen({ location: 'hosts', path, hrefFor: (p, s) => tableHref(HOSTS, p, s) })
  return (
    <MonitoringFrame title={t('monitoring.screens.hosts')}>
      <FirstRunOffers />
      <EntityScreen screen={screen} entity="hosts" kind="hosts" title={t('monitoring.tables.hosts')} />
    </MonitoringFrame>
  )
}

/** SPEC §2 resources overview /monitoring/resources with group_by and page path forms. */
export function ResourcesPage() {
  const path = tablePathOf(useParams()['*'])
  return path ? <ResourceList path={path} /> : <NotFoundPage />
}

function ResourceList({ path }: { path: TablePath }) {
  const { t } = useTranslation()
  const screen = useTableScreen({ location: 'resources', path, hrefFor: (p, s) => tableHref(RESOURCES, p, s) })
  return (
    <MonitoringFrame title={t('monitoring.screens.resources')}>
      <EntityScreen screen={screen} entity="resources" kind="resources" title={t('monitoring.tables.resources')} />
    </MonitoringFrame>
  )
}
