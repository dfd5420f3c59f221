/**
 * The columns of the SPEC §2 tables:
 * - host table: state, host name (with type icon), description (hidden), check output, age, resource-check
 *   counts (critical, warning, unknown, ok), actions;
 * - resource table: state, host (optional), resource, environment (hidden), check output, age, actions;
 * - alerts table: the resource table's columns over hosts and resources, in SPEC §4 PROBLEM order until a
 *   column is sorted (SPEC §4 three-state sort; state by severity).
 * The environment column (issue 17) is shown at first to people who see more than one environment.
 */
import {
  AgeText,
  ageSeconds,
  ageText,
  DecorationIcons,
  formatDateTime,
  fromUnix,
  HostTypeIcon,
  RowLink,
  StateBadge,
  type TableColumn,
} from '../../ui'
import type { PanelAction } from '../actions/requests'
import { hostPath, resourcePath } from '../links'
import { actionable, hostNameOf, isAffected, isHost, type MonitoredRow } from '../model'
import { hostTypeCategory } from './host-type'
import { RowActions } from './RowActions'

export type TableKind = 'hosts' | 'resources' | 'problems'

export interface ColumnContext {
  t(key: string, options?: Record<string, unknown>): string
  now: number
  kind: TableKind
  /** The resource table's optional host column (hidden on a host's own resources tab). */
  showHost: boolean
  onAction(action: PanelAction, row: MonitoredRow): void
  /** The row action menu's "Reschedule check" (issue 17). */
  onReschedule?(row: MonitoredRow): void
  /** The person sees more than one environment: the environment column starts shown. */
  showEnvironment: boolean
}

type Column = TableColumn<MonitoredRow>

const COUNT_VARIANTS = { critical: 'danger', warning: 'warning', unknown: 'info', ok: 'success' } as const

function stateColumn(ctx: ColumnContext): Column {
  return {
    id: 'state',
    header: ctx.t('monitoring.columns.state'),
    sortable: true,
    sticky: 'state',
    className: 'text-nowrap',
    cell: (row) => (
      <>
        <StateBadge kind={isHost(row) ? 'host' : 'resource'} state={row.state} />
        <DecorationIcons item={actionable(row)} />
        {isAffected(row) && <span className="badge text-bg-secondary ms-1">{ctx.t('monitoring.views.affected')}</span>}
      </>
    ),
    csv: (row) => row.state,
  }
}

function hostNameCell(row: MonitoredRow) {
  const name = hostNameOf(row)
  return (
    <span className="text-nowrap">
      {isHost(row) && (
        <span className="me-1" role="img" aria-label={row.hosttype || '?'} title={row.hosttype}>
          <HostTypeIcon category={hostTypeCategory(row.hosttype)} />
        </span>
      )}
      <RowLink to={hostPath(name, 'resources')}>{name}</RowLink>
    </span>
  )
}

const outputColumn = (ctx: ColumnContext): Column => ({
  id: 'plugin_output',
  header: ctx.t('monitoring.columns.plugin_output'),
  sortable: true,
  className: 'text-break',
  fills: true,
  cell: (row) => row.plugin_output,
  csv: (row) => row.plugin_output,
})

const ageColumn = (ctx: ColumnContext): Column => ({
  id: 'last_state_change',
  header: ctx.t('monitoring.columns.age'),
  sortable: true,
  className: 'text-nowrap',
  cell: (row) => (row.last_state_change === null ? '—' : <AgeText since={row.last_state_change} now={ctx.now} />),
  // Issue 17: the age as people read it, then its raw seconds and the time of the change, never a unix epoch.
  csv: (row) => (row.last_state_change === null ? '' : ageText(ageSeconds(row.last_state_change, ctx.now), ctx.t)),
  csvExtra: [
    {
      header: ctx.t('monitoring.columns.ageSeconds'),
      value: (row) => (row.last_state_change === null ? '' : ageSeconds(row.last_state_change, ctx.now)),
    },
    {
      header: ctx.t('monitoring.columns.last_state_change'),
      value: (row) => (row.last_state_change === null ? '' : formatDateTime(fromUnix(row.last_state_change))),
    },
  ],
})

const environmentColumn = (ctx: ColumnContext): Column => ({
  id: 'hostgroup_alias',
  header: ctx.t('monitoring.columns.hostgroup_alias'),
  hidden: !ctx.showEnvironment,
  sortable: true,
  cell: (row) => row.hostgroup_alias,
  csv: (row) => row.hostgroup_alias,
})

const actionsColumn = (ctx: ColumnContext): Column => ({
  id: 'actions',
  header: ctx.t('monitoring.columns.actions'),
  cell: (row) => (
    <RowActions row={row} variant={ctx.kind === 'hosts' ? 'host' : 'precedence'} onAction={ctx.onAction} onReschedule={ctx.onReschedule} />
  ),
})

export function hostColumns(ctx: ColumnContext): Column[] {
  return [
    stateColumn(ctx),
    { id: 'name', header: ctx.t('monitoring.columns.name'), sortable: true, sticky: 'name', cell: hostNameCell, csv: hostNameOf },
    {
      id: 'description',
      header: ctx.t('monitoring.columns.description'),
      hidden: true,
      cell: (row) => (isHost(row) ? row.description : ''),
      csv: (row) => (isHost(row) ? row.description : ''),
    },
    environmentColumn(ctx),
    outputColumn(ctx),
    ageColumn(ctx),
    {
      id: 'service_counts',
      header: ctx.t('monitoring.columns.service_counts'),
      className: 'text-nowrap',
      cell: (row) =>
        isHost(row) && (
          <span>
            {(['critical', 'warning', 'unknown', 'ok'] as const).map((state) => (
              <span key={state} className={`badge text-bg-${COUNT_VARIANTS[state]} me-1`} title={ctx.t(`ui.states.${state}`)}>
                <span className="visually-hidden">{ctx.t(`ui.states.${state}`)}: </span>
                {row.service_counts[state]}
              </span>
            ))}
          </span>
        ),
      csv: (row) => (isHost(row) ? Object.values(row.service_counts).join('/') : ''),
    },
    actionsColumn(ctx),
  ]
}

/** The resource and alerts tables (a host row of the alerts table has no resource). */
export function resourceColumns(ctx: ColumnContext): Column[] {
  const columns: Column[] = [stateColumn(ctx)]
  if (ctx.showHost)
    columns.push({
      id: 'host_name',
      header: ctx.t('monitoring.columns.host_name'),
      sortable: true,
      sticky: 'name',
      cell: hostNameCell,
      csv: hostNameOf,
    })
  columns.push(
    {
      id: 'display_name',
      header: ctx.t('monitoring.columns.display_name'),
      sortable: true,
      // On a host's own resources tab the resource is the name that stays in view.
      sticky: ctx.showHost ? undefined : 'name',
      cell: (row) =>
        isHost(row) ? '' : <RowLink to={resourcePath(row.host_name, row.display_name, 'status')}>{row.display_name}</RowLink>,
      csv: (row) => (isHost(row) ? '' : row.display_name),
    },
    environmentColumn(ctx),
    outputColumn(ctx),
    ageColumn(ctx),
    actionsColumn(ctx),
  )
  return columns
}

export function columnsOf(ctx: ColumnContext): Column[] {
  return ctx.kind === 'hosts' ? hostColumns(ctx) : resourceColumns(ctx)
}
