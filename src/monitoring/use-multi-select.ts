/**
 * SPEC §4 "Multi-select mode": enabling it pauses auto-refresh and allows selecting several rows; only rows
 * that allow the action are selectable, clicking toggles, an invalid row gives its error; disabling it clears
 * the selection and resumes auto-refresh. The selected rows are kept with their data, so a selection
 * survives paging and the panel gets one target per row.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TableSelection } from '../ui'
import { canSelectFor, type MultiAction } from './actions/requests'
import { rowId, type MonitoredRow } from './model'
import { monitoringUi } from './state'

export interface MultiSelect {
  action: MultiAction | null
  rows: MonitoredRow[]
  /** Turns the mode on for an action, optionally with rows already chosen (the row a panel was opened for). */
  start(action: MultiAction, rows?: readonly MonitoredRow[]): void
  stop(): void
  clear(): void
  /** The TablePanel selection for a page of rows; undefined while the mode is off. */
  selectionFor(rows: readonly MonitoredRow[]): TableSelection<MonitoredRow> | undefined
}

export function useMultiSelect(): MultiSelect {
  const { t } = useTranslation()
  const [mode, setMode] = useState<{ action: MultiAction; rows: Map<string, MonitoredRow> } | null>(null)
  const on = mode !== null

  useEffect(() => monitoringUi.setSelecting(on), [on])
  useEffect(() => () => monitoringUi.setSelecting(false), [])

  return {
    action: mode?.action ?? null,
    rows: mode ? [...mode.rows.values()] : [],
    start: (action, rows = []) => setMode({ action, rows: new Map(rows.filter((r) => canSelectFor(action, r)).map((r) => [rowId(r), r])) }),
    stop: () => setMode(null),
    clear: () => setMode((m) => m && { ...m, rows: new Map() }),
    selectionFor: (rows) =>
      mode
        ? {
            selected: new Set(mode.rows.keys()),
            canSelect: (row) => canSelectFor(mode.action, row),
            rejectedMessage: t(`monitoring.multi.rejected.${mode.action}`),
            onChange: (ids) =>
              setMode(
                (m) =>
                  m && {
                    ...m,
                    rows: new Map(
                      [...ids].flatMap((id) => {
                        const row = m.rows.get(id) ?? rows.find((r) => rowId(r) === id)
                        return row ? [[id, row] as const] : []
                      }),
                    ),
                  },
              ),
          }
        : undefined,
  }
}
