import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionArea, actionRequest, type ActionRequest } from '../actions/ActionArea'
import { menuActions } from '../actions/menu'
import { useSubjectRow } from '../api'
import type { MonitoredRow } from '../model'
import type { ObjectActionsProps } from '../../ui'

// Issue 18 "Wall details": what a map's popover offers; the rest is one click away on the object's pages.
const OFFERED = ['add_acknowledgement', 'schedule_downtime'] as const

/**
 * Acknowledge and schedule maintenance on one host or resource from outside the monitoring screens (the map
 * popover), for users with those rights: the object's row says what it allows (SPEC §6), and the same panels
 * and calls as the monitoring tables act on it. Nothing is shown while the row loads or when it cannot be read.
 */
export function ObjectActions({ host, resource }: ObjectActionsProps) {
  const { data: row } = useSubjectRow(host, resource)
  return row ? <RowPanels row={row} /> : null
}

function RowPanels({ row }: { row: MonitoredRow }) {
  const { t } = useTranslation()
  const [request, setRequest] = useState<ActionRequest | null>(null)
  const actions = menuActions(row).filter((a): a is (typeof OFFERED)[number] => (OFFERED as readonly string[]).includes(a))
  if (!actions.length) return null
  return (
    <div className="d-flex flex-wrap gap-1 mb-2">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => setRequest(actionRequest(action, [row]))}
        >
          {t(`monitoring.actions.menu.${action}`)}
        </button>
      ))}
      {request && <ActionArea key={request.action} request={request} onDone={() => setRequest(null)} onClose={() => setRequest(null)} />}
    </div>
  )
}
