import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { MonitoredRow } from '../../shared/api/monitored'
import { AgeText, StateBadge } from '../../ui'
import { useNewestProblems, type Environments } from '../api'
import { hostStatusPath, PROBLEMS_PATH, resourceStatusPath } from '../links'
import { WidgetBody } from './WidgetBody'

/** The newest problems nobody handles yet (not acknowledged, in maintenance or ticketed), newest first. */
export function ProblemsWidget({ environments }: { environments: Environments }) {
  const { t } = useTranslation()
  const problems = useNewestProblems(environments)
  // Ages are as of the last refresh, which the feed or SPEC §9's dashboard interval keeps recent.
  const now = problems.dataUpdatedAt
  return (
    <WidgetBody query={problems}>
      {({ rows, total }) =>
        rows.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('dashboard.problems.none')}</p>
        ) : (
          <>
            <ul className="list-unstyled mb-2">
              {rows.map((row) => (
                <ProblemItem key={`${row.monitoring_type}:${row.id}`} row={row} now={now} />
              ))}
            </ul>
            <Link to={PROBLEMS_PATH} className="small">
              {total > rows.length ? t('dashboard.problems.more', { shown: rows.length, total }) : t('dashboard.problems.all')}
            </Link>
          </>
        )
      }
    </WidgetBody>
  )
}

function ProblemItem({ row, now }: { row: MonitoredRow; now: number }) {
  const isHost = row.monitoring_type === 'host'
  const name = isHost ? row.name : `${row.host_name} › ${row.display_name}`
  const to = isHost ? hostStatusPath(row.name) : resourceStatusPath(row.host_name, row.display_name)
  return (
    <li className="d-flex flex-wrap align-items-baseline gap-2 border-bottom py-1">
      <StateBadge kind={isHost ? 'host' : 'resource'} state={row.state} />
      <Link to={to} className="fw-semibold text-break">
        {name}
      </Link>
      {row.last_state_change !== null && (
        <span className="small ms-auto">
          <AgeText since={row.last_state_change} now={now} />
        </span>
      )}
      <span className="small text-body-secondary text-break w-100">{row.plugin_output}</span>
    </li>
  )
}
