import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { monthGrid, sameDay, WEEKDAY_KEYS } from './calendar'
import { formatDateTime } from './date-time'

export interface CalendarProps {
  /** Translated name of the grid, e.g. "Start date". */
  label: string
  selected: Date | null
  onSelect(day: Date): void
}

/** A month of days, weeks from Monday (SPEC §9), with previous/next month buttons. */
export function Calendar({ label, selected, onSelect }: CalendarProps) {
  const { t, i18n } = useTranslation()
  const [month, setMonth] = useState(() => {
    const d = selected ?? new Date()
    return new Date(d.getFullYear(), d.getMonth(), 1)
  })
  const title = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(month)
  const shift = (n: number) => setMonth(new Date(month.getFullYear(), month.getMonth() + n, 1))
  return (
    <div className="border rounded p-2 d-inline-block">
      <div className="d-flex align-items-center justify-content-between mb-1">
        <button type="button" className="btn btn-sm btn-link" aria-label={t('ui.dateRange.previousMonth')} onClick={() => shift(-1)}>
          ‹
        </button>
        <span className="small fw-semibold" aria-live="polite">
          {title}
        </span>
        <button type="button" className="btn btn-sm btn-link" aria-label={t('ui.dateRange.nextMonth')} onClick={() => shift(1)}>
          ›
        </button>
      </div>
      <table className="table table-sm table-borderless mb-0 text-center small" aria-label={`${label}, ${title}`}>
        <thead>
          <tr>
            {WEEKDAY_KEYS.map((key) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month.getFullYear(), month.getMonth()).map((week) => (
            <tr key={week[0].toISOString()}>
              {week.map((day) => {
                const isSelected = selected !== null && sameDay(day, selected)
                const outside = day.getMonth() !== month.getMonth()
                return (
                  <td key={day.toISOString()} className="p-0">
                    <button
                      type="button"
                      aria-pressed={isSelected}
                      aria-label={formatDateTime(day).slice(0, 10)}
                      className={`btn btn-sm w-100 ${isSelected ? 'btn-primary' : 'btn-light'}${outside ? ' text-body-tertiary' : ''}`}
                      onClick={() => onSelect(day)}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
