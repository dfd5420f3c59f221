import { useId, useState } from 'react'
import { useTexts } from '../use-texts'

export interface ColumnMenuProps {
  columns: readonly { id: string; header: string }[]
  visible: Readonly<Record<string, boolean>>
  onToggle(id: string): void
}

/** Shows and hides columns (SPEC §2 hidden columns such as the host description). */
export function ColumnMenu({ columns, visible, onToggle }: ColumnMenuProps) {
  const t = useTexts()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  return (
    <div className="dropdown" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary dropdown-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {t('ui.table.columns')}
      </button>
      {open && (
        <fieldset id={menuId} className="dropdown-menu dropdown-menu-end show px-3 py-2">
          <legend className="visually-hidden">{t('ui.table.columns')}</legend>
          {columns.map((column) => (
            <div key={column.id} className="form-check">
              <input
                id={`${menuId}-${column.id}`}
                type="checkbox"
                className="form-check-input"
                checked={visible[column.id] !== false}
                onChange={() => onToggle(column.id)}
              />
              <label htmlFor={`${menuId}-${column.id}`} className="form-check-label text-nowrap">
                {column.header}
              </label>
            </div>
          ))}
        </fieldset>
      )}
    </div>
  )
}
