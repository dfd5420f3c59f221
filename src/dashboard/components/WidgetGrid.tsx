import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { DashboardWidget } from '../../shared/api/dashboard'
import type { Environments } from '../api'
import { moveWidget, removeWidget, resizeWidget } from '../layout'
import { GraphWidget } from './GraphWidget'
import { MapsWidget } from './MapsWidget'
import { ProblemsWidget } from './ProblemsWidget'
import { TimelineWidget } from './TimelineWidget'
import { TotalsWidget } from './TotalsWidget'
import { WidgetFrame } from './WidgetFrame'

export interface WidgetGridProps {
  widgets: DashboardWidget[]
  environments: Environments
  onChange(widgets: DashboardWidget[]): void
}

/** What each widget kind shows (issue 19); a kind without an entry does not compile. */
const CONTENT: { [K in DashboardWidget['kind']]: (w: Extract<DashboardWidget, { kind: K }>, environments: Environments) => ReactElement } =
  {
    totals: (_, environments) => <TotalsWidget environments={environments} />,
    problems: (_, environments) => <ProblemsWidget environments={environments} />,
    maps: (_, environments) => <MapsWidget environments={environments} />,
    timeline: (_, environments) => <TimelineWidget environments={environments} />,
    graph: (w) => <GraphWidget resourceId={w.resource_id} seriesKey={w.key} />,
  }

function content(w: DashboardWidget, environments: Environments) {
  return (CONTENT[w.kind] as (w: DashboardWidget, environments: Environments) => ReactElement)(w, environments)
}

/** The widgets in their order on a 12-column grid, each as wide as its size. */
export function WidgetGrid({ widgets, environments, onChange }: WidgetGridProps) {
  const { t } = useTranslation()
  return (
    <ol className="row g-3 list-unstyled" aria-label={t('dashboard.page.widgets')}>
      {widgets.map((w, index) => {
        // A second widget of a kind is numbered, so each control's name says which widget it acts on.
        const nth = widgets.slice(0, index).filter((o) => o.kind === w.kind).length + 1
        const title = t(`dashboard.widget.kinds.${w.kind}`) + (nth > 1 ? ` ${nth}` : '')
        return (
          <WidgetFrame
            key={w.id}
            widgetId={w.id}
            title={title}
            size={w.size}
            index={index}
            count={widgets.length}
            onResize={(size) => onChange(resizeWidget(widgets, w.id, size))}
            onMove={(to) => onChange(moveWidget(widgets, w.id, to))}
            onRemove={() => onChange(removeWidget(widgets, w.id))}
            onDropHere={(dragged) => onChange(moveWidget(widgets, dragged, index))}
          >
            {content(w, environments)}
          </WidgetFrame>
        )
      })}
    </ol>
  )
}
