import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatValue } from '../../shared/format'
import { formatDateTime, fromUnix, Graph, seriesColor, thresholdValues, type ReadoutPoints } from '../../ui'
import { usePinnedKeys, usePinnedResource, usePinnedSeries } from '../api'
import { resourceGraphsPath } from '../links'

export interface GraphWidgetProps {
  resourceId: number
  /** One performance-data key, or none for all of the resource's. */
  seriesKey?: string
}

/**
 * A graph pinned from a resource's graphs tab, over the last day. The resource is read through the scoped
 * resources call first: when it answers 404 (deleted, or no longer visible), the widget says the graph is
 * unavailable and asks nothing more about it.
 */
export function GraphWidget({ resourceId, seriesKey }: GraphWidgetProps) {
  const { t } = useTranslation()
  const resource = usePinnedResource(resourceId)
  const keys = usePinnedKeys(resourceId, resource.isSuccess && !seriesKey)
  if (resource.isError) return <p className="text-body-secondary mb-0">{t('dashboard.graph.unavailable')}</p>
  if (!resource.data) return <p className="small text-body-secondary mb-0">{t('dashboard.widget.loading')}</p>
  const shown = seriesKey ? [seriesKey] : (keys.data?.result.map((k) => k.key) ?? [])
  return (
    <div>
      <Link to={resourceGraphsPath(resource.data.host_name, resource.data.display_name)} className="d-block mb-2 fw-semibold">
        {t('dashboard.graph.title', { host: resource.data.host_name, resource: resource.data.display_name })}
      </Link>
      {keys.isSuccess && shown.length === 0 && <p className="text-body-secondary mb-0">{t('dashboard.graph.noKeys')}</p>}
      {shown.map((key) => (
        <PinnedSeries key={key} resourceId={resourceId} seriesKey={key} />
      ))}
    </div>
  )
}

function PinnedSeries({ resourceId, seriesKey }: { resourceId: number; seriesKey: string }) {
  const { t, i18n } = useTranslation()
  const pinned = usePinnedSeries(resourceId, seriesKey)
  const data = pinned.data
  const warn = useMemo(() => thresholdValues(data?.warn), [data?.warn])
  const crit = useMemo(() => thresholdValues(data?.crit), [data?.crit])
  const lines = useMemo(() => (data ? [{ name: seriesKey, points: data.points, color: seriesColor(0) }] : []), [data, seriesKey])
  const readout = (time: number, [hit]: ReadoutPoints) =>
    t('dashboard.graph.readout', {
      time: formatDateTime(fromUnix(time)),
      value: hit ? formatValue(hit.point.avg, data?.unit ?? '', i18n.language) : '–',
    })
  return (
    <figure className="mb-2">
      <figcaption className="small fw-semibold">{data?.unit ? `${seriesKey} (${data.unit})` : seriesKey}</figcaption>
      {pinned.isError ? (
        <p className="small text-body-secondary mb-0">{t('dashboard.graph.unavailable')}</p>
      ) : !data ? (
        <p className="small text-body-secondary mb-0">{t('dashboard.widget.loading')}</p>
      ) : data.points.length === 0 ? (
        <p className="small text-body-secondary mb-0">{t('dashboard.graph.noPoints')}</p>
      ) : (
        <Graph
          label={t('dashboard.graph.label', { key: seriesKey, points: data.points.length })}
          unit={data.unit}
          series={lines}
          step={data.step}
          start={data.start}
          end={data.end}
          warn={warn}
          crit={crit}
          readout={readout}
          height={140}
        />
      )}
    </figure>
  )
}
