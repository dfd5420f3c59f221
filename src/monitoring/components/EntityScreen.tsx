import { useTranslation } from 'react-i18next'
import { HOST_STATES, RESOURCE_STATES } from '../../shared/enums'
import type { FilterNode } from '../../shared/filter'
import { useCounts } from '../api'
import { useTableRefetchInterval } from '../feed'
import { groupColumn } from '../filters'
import type { Entity } from '../problems'
import type { TableScreen } from '../use-table-screen'
import type { TableKind } from './columns'
import { EntityGroupTable } from './GroupTables'
import { TableWorkspace } from './TableWorkspace'

/** Group tables shown at most (a group by host name could make thousands); the rest are named as a count. */
export const MAX_GROUPS = 25

const STATES: Record<Entity, readonly string[]> = { hosts: HOST_STATES.filter((s) => s !== 'offline'), resources: RESOURCE_STATES }

export interface EntityScreenProps {
  screen: TableScreen
  entity: Entity
  kind: TableKind
  /** Translated table title. */
  title: string
  showHost?: boolean
}

/**
 * The host list, the resources overview and a host's resources (SPEC §2): one entity under the screen's
 * filters, in one table or one table per value of the route's group_by (SPEC §2 /groupby={group_by}).
 */
export function EntityScreen({ screen, entity, kind, title, showHost }: EntityScreenProps) {
  const { t } = useTranslation()
  const refetchInterval = useTableRefetchInterval()
  const rules = screen.rulesFor(entity) ?? []
  const environment_ids = screen.environmentParam
  const column = screen.location === 'problems' ? null : groupColumn(screen.location, screen.state.groupBy)
  const groups = useCounts(entity, column ?? 'state', column ? { advanced_filter: rules, environment_ids } : null, refetchInterval)
  const values = Object.keys(groups.data ?? {})
    .filter((v) => v !== 'null')
    .sort((a, b) => a.localeCompare(b))
  const scopes = [{ entity, advanced_filter: rules, environment_ids: screen.environmentIds.length ? screen.environmentIds : undefined }]
  const groupRules = (value: string): FilterNode[] => [...rules, [column!, 'equals', value]]

  return (
    <TableWorkspace
      screen={screen}
      entities={[entity]}
      states={STATES[entity]}
      countRules={(e) => screen.rulesFor(e, { states: false, extras: false })}
      scopes={scopes}
    >
      {(controls) =>
        column === null ? (
          <EntityGroupTable controls={controls} title={title} kind={kind} entity={entity} rules={rules} primary showHost={showHost} />
        ) : (
          <>
            {values.slice(0, MAX_GROUPS).map((value, i) => (
              <EntityGroupTable
                key={value}
                controls={controls}
                title={`${title}: ${value || t('monitoring.groups.empty')}`}
                kind={kind}
                entity={entity}
                rules={groupRules(value)}
                primary={i === 0}
                showHost={showHost}
              />
            ))}
            {values.length > MAX_GROUPS && (
              <p className="text-body-secondary small">{t('monitoring.groups.more', { count: values.length - MAX_GROUPS })}</p>
            )}
            {groups.data && values.length === 0 && <p className="text-body-secondary">{t('ui.table.empty.records')}</p>}
          </>
        )
      }
    </TableWorkspace>
  )
}
