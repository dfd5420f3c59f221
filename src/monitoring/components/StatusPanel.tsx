import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DecorationIcons, StateBadge } from '../../ui'
import { ActionArea, actionRequest, type ActionRequest } from '../actions/ActionArea'
import { rowBase } from '../actions/requests'
import { runReschedule } from '../actions/run'
import { actionable, isHost, type MonitoredRow } from '../model'
import { useNow } from '../use-now'
import { RowActions } from './RowActions'
import { RowDetails } from './RowDetails'
import { StatusFields } from './StatusFields'

export interface StatusPanelProps {
  row: MonitoredRow
}

/**
 * SPEC §2 host and resource status tabs: the state (HARD/SOFT, decorations of SPEC §4), the check output
 * and the fields of the expanded row, with the row actions and their panels. Updated live: the row is a
 * subject query the feed patches (feed.ts).
 */
export function StatusPanel({ row }: StatusPanelProps) {
  const { t } = useTranslation()
  const now = useNow(15_000)
  const [request, setRequest] = useState<ActionRequest | null>(null)
  const stateType = row.state_type.toLowerCase() === 'soft' ? 'soft' : 'hard'
  const reschedule = (r: MonitoredRow) => void runReschedule(`${rowBase(r)}/reschedule`).catch(() => null)
  return (
    <>
      {request && <ActionArea key={request.action} request={request} onDone={() => setRequest(null)} onClose={() => setRequest(null)} />}
      <section className="card mb-3" aria-label={t('monitoring.status.label')}>
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <StateBadge kind={isHost(row) ? 'host' : 'resource'} state={row.state} stateType={stateType} />
            <DecorationIcons item={actionable(row)} />
            <span className="text-break flex-grow-1">{row.plugin_output}</span>
            <RowActions
              row={row}
              variant={isHost(row) ? 'host' : 'precedence'}
              onAction={(action) => setRequest(actionRequest(action, [row]))}
              onReschedule={reschedule}
            />
          </div>
          <RowDetails row={row} now={now} onReschedule={reschedule} />
          <StatusFields row={row} />
        </div>
      </section>
    </>
  )
}
