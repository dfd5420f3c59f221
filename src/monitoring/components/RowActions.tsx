import { handlingButton, maintenanceButton, RowActionButton, RowLink, useTexts } from '../../ui'
import { menuActions } from '../actions/menu'
import type { PanelAction } from '../actions/requests'
import { hostPath, jumpTargets, resourcePath } from '../links'
import { actionable, isHost, type MonitoredRow } from '../model'
import { Dropdown, type DropdownItem } from './Dropdown'
import { JumpToMenu } from './JumpToMenu'
import { acknowledgementButton, ticketButton } from './row-buttons'

export interface RowActionsProps {
  row: MonitoredRow
  /** The host table shows ticket and acknowledgement side by side (SPEC §2); others the SPEC §4 precedence. */
  variant: 'host' | 'precedence'
  onAction(action: PanelAction, row: MonitoredRow): void
  /** SPEC §1 "Reschedule checks"; the menu offers it when given. */
  onReschedule?(row: MonitoredRow): void
}

/** SPEC §2 row actions: handling (ticket / acknowledgement), maintenance, graphs, every allowed action (issue 17), jump-to. */
export function RowActions({ row, variant, onAction, onReschedule }: RowActionsProps) {
  const t = useTexts()
  const act = (action: PanelAction) => onAction(action, row)
  const item = actionable(row)
  const graphs = isHost(row) ? hostPath(row.name, 'graphs') : resourcePath(row.host_name, row.display_name, 'graphs')
  const menu = menuActions(row).flatMap((action): DropdownItem[] => {
    if (action === 'graphs') return [{ key: action, label: t('monitoring.actions.graphs'), to: graphs }]
    if (action === 'reschedule')
      return onReschedule ? [{ key: action, label: t('monitoring.actions.reschedule'), onSelect: () => onReschedule(row) }] : []
    return [{ key: action, label: t(`monitoring.actions.menu.${action}`), onSelect: () => act(action) }]
  })
  return (
    <div className="d-flex flex-nowrap align-items-center gap-1">
      {variant === 'host' ? (
        <>
          <RowActionButton button={ticketButton(row)} onAction={act} />
          <RowActionButton button={acknowledgementButton(row)} onAction={act} />
        </>
      ) : (
        <RowActionButton button={handlingButton(item)} onAction={act} />
      )}
      <RowActionButton button={maintenanceButton(item)} onAction={act} />
      {row.has_graph && (
        <RowLink className="btn btn-sm btn-outline-secondary" to={graphs}>
          {t('monitoring.actions.graphs')}
        </RowLink>
      )}
      {menu.length > 0 && <Dropdown label={t('monitoring.actions.menu.label')} items={menu} />}
      <JumpToMenu jumps={jumpTargets(row)} />
    </div>
  )
}
