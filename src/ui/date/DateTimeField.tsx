import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Calendar } from './Calendar'
import { Icon } from '../icons/Icon'
import { roundToStep, STEP_MINUTES, withDay, withTime } from './date-time'
import { DateTimeInput } from './DateTimeInput'

export interface DateTimeFieldProps {
  label: string
  value: Date | null
  onChange(value: Date | null): void
  error?: string
  disabled?: boolean
}

const HOURS = Array.from({ length: 24 }, (_, h) => h)
const pad = (n: number) => String(n).padStart(2, '0')

/** A date and time: typed, or picked from the calendar with 24-hour and 5-minute selects (SPEC §9). */
export function DateTimeField({ label, value, onChange, error, disabled }: DateTimeFieldProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const base = value ?? roundToStep(new Date(), 'up')
  const minutes = Array.from({ length: 60 / STEP_MINUTES }, (_, i) => i * STEP_MINUTES)
  // A typed or "now" minute off the step stays choosable, so the select shows the real value.
  if (!minutes.includes(base.getMinutes())) minutes.push(base.getMinutes())
  minutes.sort((a, b) => a - b)
  return (
    <div className="mb-2">
      <div className="d-flex align-items-end gap-1">
        <div className="flex-grow-1">
          <DateTimeInput label={label} value={value} onChange={onChange} error={error} disabled={disabled} />
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-expanded={open}
          disabled={disabled}
          aria-label={t('ui.dateRange.openCalendar', { label })}
          onClick={() => setOpen(!open)}
        >
          <Icon name="calendar" />
        </button>
      </div>
      {open && (
        <div className="mt-1">
          <Calendar label={label} selected={value} onSelect={(day) => onChange(withDay(base, day))} />
          <div className="d-flex gap-1 mt-1">
            <select
              className="form-select form-select-sm w-auto"
              aria-label={t('ui.dateRange.hour', { label })}
              value={base.getHours()}
              onChange={(e) => onChange(withTime(base, Number(e.target.value), base.getMinutes()))}
            >
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {pad(h)}
                </option>
              ))}
            </select>
            <select
              className="form-select form-select-sm w-auto"
              aria-label={t('ui.dateRange.minute', { label })}
              value={base.getMinutes()}
              onChange={(e) => onChange(withTime(base, base.getHours(), Number(e.target.value)))}
            >
              {minutes.map((m) => (
                <option key={m} value={m}>
                  {pad(m)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </div>
  )
}
