import { useTranslation } from 'react-i18next'
import { useLocation, useParams } from 'react-router'
import { NotFoundPage } from '../../app/shell'
import type { FilterNode } from '../../shared/filter'
import type { TablePath } from '../../ui'
import { useCounts } from '../api'
import { MAX_GROUPS } from '../components/EntityScreen'
import { ProblemGroupTable } from '../components/GroupTables'
import { MonitoringFrame } from '../components/MonitoringFrame'
import { FirstRunOffers } from '../components/FirstRunOffers'
import { TableWorkspace } from '../components/TableWorkspace'
import { useTableRefetchInterval } from '../feed'
import { tableHref } from '../links'
import {
  isProblemGroupBy,
  PROBLEM_SEGMENTS,
  problemGroups,
  problemStatesOf,
  VALUE_GROUP_BYS,
  type Entity,
  type ProblemGroup,
} from '../problems'
import { ProblemViewControls } from '../components/ProblemViewControls'
import { problemsDefaults, problemsRoute, type ProblemsRoute } from '../table-route'
import { useTableScreen, type TableScreen } from '../use-table-screen'

const ENTITIES: readonly Entity[] = ['hosts', 'resources']
const PROBLEM_STATES = [...new Set(PROBLEM_SEGMENTS.map((s) => s.state))]

/** The alerts overview's base: /monitoring/alerts when it was reached so, else /monitoring/problems. */
const baseOf = (pathname: string) => (pathname.startsWith('/monitoring/alerts') ? '/monitoring/alerts' : '/monitoring/problems')

function hrefFor(base: string, route: ProblemsRoute) {
  return (path: TablePath, search: URLSearchParams) =>
    route.variant === 'overview'
      ? tableHref(base, path, search)
      : tableHref(`${base}/${encodeURIComponent(route.openTable ?? '')}/${route.variant}`, path, search)
}

/**
 * SPEC §2 alerts overview on /, /monitoring and /monitoring/(problems|alerts), with the …/{defaultOpenTable}/all
 * (every alert, grouped by type) and …/unhandled (acknowledged and in-maintenance alerts hidden) variants.
 */
export function ProblemsPage() {
  const { t } = useTranslation()
  const splat = useParams()['*']
  const route = problemsRoute(splat)
  const base = baseOf(useLocation().pathname)
  if (!route) return <NotFoundPage />
  return (
    <MonitoringFrame title={t('monitoring.screens.problems')}>
      <FirstRunOffers />
      <ProblemsScreen key={`${route.variant}:${route.openTable}`} route={route} base={base} />
    </MonitoringFrame>
  )
}

/** The problem states of an entity the state quick filter keeps (all when it is off). */
const chosenStates = (entity: Entity, states: readonly string[]) =>
  problemStatesOf(entity).filter((s) => states.length === 0 || states.includes(s))

/** An entity's problems under the screen's filters; null when none can match. */
function problemRules(screen: TableScreen, entity: Entity): FilterNode[] | null {
  const rules = screen.rulesFor(entity, { states: false })
  const states = chosenStates(entity, screen.state.states)
  return rules && states.length ? [...rules, ['state', 'in', states]] : null
}

/** Counts of an entity's problems by a grouping value (the groups of SPEC §2 group_by). */
function useProblemCounts(screen: TableScreen, entity: Entity, column: string, refetchInterval: number | false, enabled: boolean) {
  const rules = enabled ? problemRules(screen, entity) : null
  return useCounts(entity, column, rules && { advanced_filter: rules, environment_ids: screen.environmentParam }, refetchInterval).data
}

function ProblemsScreen({ route, base }: { route: ProblemsRoute; base: string }) {
  const { t } = useTranslation()
  const screen = useTableScreen({
    location: 'problems',
    path: route.path,
    defaults: problemsDefaults(route),
    hrefFor: hrefFor(base, route),
  })
  const refetchInterval = useTableRefetchInterval()
  const { states } = screen.state
  const groupBy = isProblemGroupBy(screen.state.groupBy) ? screen.state.groupBy : null
  const rules = { hosts: screen.rulesFor('hosts', { states: false }), resources: screen.rulesFor('resources', { states: false }) }
  const valueColumn = VALUE_GROUP_BYS.find((g) => g === groupBy)
  const byValue = [
    useProblemCounts(screen, 'hosts', valueColumn ?? 'hostgroup_alias', refetchInterval, valueColumn !== undefined),
    useProblemCounts(screen, 'resources', valueColumn ?? 'hostgroup_alias', refetchInterval, valueColumn !== undefined),
  ]
  const values = [...new Set(byValue.flatMap((c) => Object.keys(c ?? {})))]
  const groups = problemGroups(groupBy, values)
    .map((g) => ({ ...g, segments: g.segments.filter((s) => states.length === 0 || states.includes(s.state)) }))
    .filter((g) => g.segments.length > 0)
  const scopes = ENTITIES.flatMap((entity) => {
    const r = problemRules(screen, entity)
    return r ? [{ entity, advanced_filter: r, environment_ids: screen.environmentIds.length ? screen.environmentIds : undefined }] : []
  })
  const groupRules = (g: ProblemGroup) =>
    g.column
      ? {
          hosts: rules.hosts && [...rules.hosts, [g.column, 'equals', g.key] as FilterNode],
          resources: rules.resources && [...rules.resources, [g.column, 'equals', g.key] as FilterNode],
        }
      : rules
  const title = (g: ProblemGroup) => {
    if (groupBy === null) return t('monitoring.screens.problems')
    if (groupBy === 'type') return t(`monitoring.problems.types.${g.key}`)
    if (groupBy === 'state') return t(`ui.states.${g.key}`)
    return g.key
  }
  // The table the route opens; when it names no group, every group starts open.
  const open = groups.some((g) => g.key === route.openTable) ? route.openTable : null
  const primaryKey = open ?? groups[0]?.key

  return (
    <>
      <ProblemViewControls route={route} base={base} screen={screen} groupBy={groupBy} />
      <TableWorkspace
        screen={screen}
        entities={ENTITIES}
        states={PROBLEM_STATES}
        countRules={(e) => screen.rulesFor(e, { states: false, extras: false })?.concat([['state', 'in', [...problemStatesOf(e)]]]) ?? null}
        scopes={scopes}
      >
        {(controls) => (
          <>
            {groups.slice(0, MAX_GROUPS).map((g) => (
              <ProblemGroupTable
                key={g.key || 'all'}
                controls={controls}
                title={title(g)}
                kind="problems"
                segments={g.segments}
                rules={groupRules(g)}
                primary={g.key === primaryKey}
                defaultCollapsed={open !== null && g.key !== open}
              />
            ))}
            {groups.length > MAX_GROUPS && (
              <p className="text-body-secondary small">{t('monitoring.groups.more', { count: groups.length - MAX_GROUPS })}</p>
            )}
          </>
        )}
      </TableWorkspace>
    </>
  )
}
