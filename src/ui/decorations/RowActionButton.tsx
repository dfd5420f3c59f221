import { useTexts } from '../use-texts'
import type { ActionButton } from './action-buttons'

export interface RowActionButtonProps<A extends string> {
  /** From `handlingButton(row)` or `maintenanceButton(row)`. */
  button: ActionButton<A>
  onAction(action: A): void
}

/** A row's action button with the SPEC §4 precedence already decided; disabled ones say why (SPEC §6). */
export function RowActionButton<A extends string>({ button, onAction }: RowActionButtonProps<A>) {
  const t = useTexts()
  const label = button.action ? t(`ui.actions.labels.${button.action}`) : t('ui.actions.notAvailable')
  const reason = button.reasonKey ? t(button.reasonKey) : undefined
  const control = (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary"
      disabled={button.disabled}
      aria-description={reason}
      onClick={() => button.action && onAction(button.action)}
    >
      {label}
    </button>
  )
  // A disabled button gets no pointer events, so its reason sits on a wrapper as well. Only then: a live table
  // lays out every box of its new rows (issue 17 alerts-page).
  return reason ? (
    <span title={reason} className="d-inline-block">
      {control}
    </span>
  ) : (
    control
  )
}
