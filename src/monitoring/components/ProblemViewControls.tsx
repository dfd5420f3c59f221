import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PROBLEM_GROUP_BYS, type ProblemGroupBy } from '../problems'
import { ALL_TABLES, type ProblemsRoute } from '../table-route'
import type { TableScreen } from '../use-table-screen'

export interface ProblemViewControlsProps {
  route: ProblemsRoute
  /** /monitoring/problems or /monitoring/alerts. */
  base: string
  screen: TableScreen
  groupBy: ProblemGroupBy | null
}

/**
 * Issue 17: the SPEC §2 alerts views reachable from the screen (all problems, …/unhandled, which leaves out
 * acknowledged, in-maintenance and ticketed ones) and the grouping chosen on the screen.
 */
export function ProblemViewControls({ route, base, screen, groupBy }: ProblemViewControlsProps) {
  const { t } = useTranslation()
  const views = [
    { key: 'all', to: base, active: route.variant !== 'unhandled' },
    {
      key: 'unhandled',
      to: `${base}/${encodeURIComponent(route.openTable ?? ALL_TABLES)}/unhandled`,
      active: route.variant === 'unhandled',
    },
  ]
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
      <nav aria-label={t('monitoring.views.problemViews')} className="btn-group btn-group-sm">
        {views.map((v) => (
          <Link
            key={v.key}
            to={v.to}
            className={`btn ${v.active ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-current={v.active ? 'page' : undefined}
          >
            {t(`monitoring.views.${v.key}`)}
          </Link>
        ))}
      </nav>
      <label className="d-flex align-items-center gap-1 small mb-0">
        {t('monitoring.views.groupBy')}
        <select
          className="form-select form-select-sm w-auto"
          value={groupBy ?? 'none'}
          onChange={(e) => screen.go({ groupBy: e.target.value === 'none' ? null : e.target.value })}
        >
          {['none', ...PROBLEM_GROUP_BYS].map((g) => (
            <option key={g} value={g}>
              {t(`monitoring.views.groupings.${g}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
