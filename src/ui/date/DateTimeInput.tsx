import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DATE_TIME_FORMAT, formatDateTime, parseDateTime } from './date-time'

export interface DateTimeInputProps {
  /** Translated label. */
  label: string
  value: Date | null
  /** Called with the date once the text reads as one, with null while it does not. */
  onChange(value: Date | null): void
  /** An error of the form (e.g. "start before the current minute"), shown under the input. */
  error?: string
  disabled?: boolean
}

/** A DD-MM-YYYY HH:mm:ss text input (SPEC §9 "Date-range" format); what a person types is kept as typed. */
export function DateTimeInput({ label, value, onChange, error, disabled }: DateTimeInputProps) {
  const { t } = useTranslation()
  const id = useId()
  const [text, setText] = useState(value ? formatDateTime(value) : '')
  // A value set from outside (a preset, the calendar, a cleared rule) replaces the text; the values this
  // input reports itself are remembered, so what a person is typing is kept as typed.
  const time = value?.getTime() ?? null
  const [shown, setShown] = useState(time)
  if (time !== shown) {
    setShown(time)
    setText(value ? formatDateTime(value) : '')
  }
  const unreadable = text.trim() !== '' && parseDateTime(text) === null
  const message = unreadable ? t('ui.dateRange.unreadable', { format: DATE_TIME_FORMAT }) : error
  return (
    <div>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={id}
        type="text"
        className={`form-control form-control-sm${message ? ' is-invalid' : ''}`}
        placeholder={DATE_TIME_FORMAT}
        value={text}
        disabled={disabled}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value)
          const parsed = parseDateTime(e.target.value)
          const parsedTime = parsed?.getTime() ?? null
          if (parsedTime !== time) {
            setShown(parsedTime)
            onChange(parsed)
          }
        }}
      />
      {message && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {message}
        </div>
      )}
    </div>
  )
}
