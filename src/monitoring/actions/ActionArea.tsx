import { useTranslation } from 'react-i18next'
import { runCreateTickets, ticketCall } from '../../app/actions'
import { AcknowledgePanel, CreateTicketPanel, MaintenancePanel, type ActionTarget } from '../../ui'
import { actionTarget, subjectName, ticketSubject, type MonitoredRow } from '../model'
import { acknowledgementCall, bulkCall, downtimeCall, type BulkScope, type MultiAction, type PanelAction } from './requests'
import { ActionPopover } from './ActionPopover'
import { finish, runAcknowledge, runBulk, runSchedule } from './run'
import { TicketAction } from './TicketAction'
import { AcknowledgementsAction, MaintenanceViewAction } from './ViewActions'

/** Everything the current filter matches (issue 4 bulk): one scope per entity, `count` objects in all. */
export interface BulkRequest {
  scopes: BulkScope[]
  count: number
}

/** The open action panel: on the rows it was opened for (one, or the multi-select selection), or in bulk. */
export interface ActionRequest {
  action: PanelAction
  rows: MonitoredRow[]
  /** Opened from multi-select mode (SPEC §4: refresh resumes 5 s after the action). */
  multi: boolean
  bulk?: BulkRequest
  /** The button it was opened from (issue 17: the panel opens beside it; focus returns to it). */
  anchor?: HTMLElement | null
}

/** The request for `action` on `rows`, anchored at the focused element (the button or menu that was used). */
export function actionRequest(action: PanelAction, rows: MonitoredRow[], extra: Partial<ActionRequest> = {}): ActionRequest {
  const anchor = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
  return { action, rows, multi: false, anchor, ...extra }
}

export interface ActionAreaProps {
  request: ActionRequest
  /** The action was done: close the panel and leave multi-select mode. */
  onDone(): void
  /** Closed without acting (SPEC §4: closing a panel resets the selection). */
  onClose(): void
  /** SPEC §2 create-ticket "optional multi-select checkbox". */
  onMultiSelect?(action: MultiAction | null): void
}

/** SPEC §2 "Action panels" beside the button they were opened from (ActionPopover). */
export function ActionArea(props: ActionAreaProps) {
  return (
    <ActionPopover anchor={props.request.anchor ?? null} onClose={props.onClose}>
      <ActionPanel {...props} />
    </ActionPopover>
  )
}

/** The panel of the request, wired to the SPEC §7 calls and the SPEC §8 messages. */
function ActionPanel({ request, onDone, onClose, onMultiSelect }: ActionAreaProps) {
  const { t } = useTranslation()
  const { rows, bulk, multi } = request
  // A bulk request names what it acts on instead of listing thousands of targets; resource-like, so the
  // maintenance form offers "apply to the host" whenever resources are among them.
  const bulkTarget: ActionTarget | null = bulk
    ? {
        host_id: 0,
        host_name: t('monitoring.multi.matching', { count: bulk.count }),
        ...(bulk.scopes.some((s) => s.entity === 'resources') ? { resource_id: 0, resource_name: '' } : {}),
      }
    : null
  const targets = bulkTarget ? [bulkTarget] : rows.map(actionTarget)
  const done = () => onDone()
  const bulkCalls = (action: MultiAction, payload: Parameters<typeof bulkCall>[2]) =>
    bulk!.scopes.map((scope) => bulkCall(action, scope, payload))

  switch (request.action) {
    case 'add_acknowledgement':
      return (
        <AcknowledgePanel
          targets={targets}
          onClose={onClose}
          onSubmit={async (payloads) => {
            if (bulk) await runBulk(bulkCalls('add_acknowledgement', payloads[0]), null, bulk.count)
            else await runAcknowledge(payloads.map(acknowledgementCall), rows.map(subjectName), rows, multi)
            done()
          }}
        />
      )
    case 'schedule_downtime':
      return (
        <MaintenancePanel
          targets={targets}
          onClose={onClose}
          onSubmit={async (payloads) => {
            if (bulk) await runBulk(bulkCalls('schedule_downtime', payloads[0]), 'creatingMaintenance', bulk.count)
            else await runSchedule(payloads.map(downtimeCall), rows, multi)
            done()
          }}
        />
      )
    case 'create_ticket':
      return (
        <CreateTicketPanel
          subjects={bulk ? [{ name: bulkTarget!.host_name }] : rows.map(ticketSubject)}
          multiSelect={
            onMultiSelect && !bulk ? { enabled: multi, onChange: (on) => onMultiSelect(on ? 'create_ticket' : null) } : undefined
          }
          onClose={onClose}
          onSubmit={async (payloads) => {
            if (bulk) await runBulk(bulkCalls('create_ticket', payloads[0]), 'creatingTicket', bulk.count)
            else await runCreateTickets(payloads.map(ticketCall), () => finish(rows, multi))
            done()
          }}
        />
      )
    case 'view_acknowledgement':
      return <AcknowledgementsAction row={rows[0]} onDone={done} onClose={onClose} />
    case 'view_scheduled_downtime':
      return <MaintenanceViewAction row={rows[0]} onDone={done} onClose={onClose} />
    case 'view_ticket':
      return <TicketAction row={rows[0]} onDone={done} onClose={onClose} />
  }
}
