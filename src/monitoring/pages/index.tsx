import { useParams } from 'react-router'
import { isTablePathSegment, PlaceholderPage } from '../../ui'

/** Placeholder for the monitoring screens until their issues land; one lazy chunk (SPEC §1 monitoring). */
export function MonitoringPage() {
  const { hostname } = useParams()
  // /monitoring/hosts/groupby=type/page=2 is the host list in its SPEC §2 table path form, not a host.
  const isHostList = hostname !== undefined && isTablePathSegment(hostname)
  return <PlaceholderPage screenKey={isHostList ? 'monitoring.screens.hosts' : undefined} />
}
