import { createContext, useContext } from 'react'
import { useTranslation } from 'react-i18next'

/** The hosts chosen for the bulk bar, and how a row's checkbox changes that. */
export interface HostSelection {
  selected: readonly number[]
  onChange(selected: number[]): void
}

/**
 * The selection reaches the checkboxes through context, not through the table's columns: the table renders new
 * columns deferred, so a checkbox reading the selection from them would show a click late (and lose a quick second one).
 */
export const HostSelectionContext = createContext<HostSelection>({ selected: [], onChange: () => undefined })

/** A row's checkbox of the hosts table, named after its host. */
export function HostCheckbox({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation()
  const { selected, onChange } = useContext(HostSelectionContext)
  return (
    <input
      type="checkbox"
      className="form-check-input"
      aria-label={t('admin.hosts.select', { name })}
      checked={selected.includes(id)}
      onChange={(e) => onChange(e.target.checked ? [...selected, id] : selected.filter((x) => x !== id))}
    />
  )
}
