/**
 * One inspector field. Text and numbers are committed on Enter or leaving the field (one history entry per
 * change, not per keystroke); a value the kind's schema refuses is marked invalid and not committed.
 */
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { InspectorField } from '../items'

export interface FieldInputProps {
  field: InspectorField
  value: unknown
  disabled?: boolean
  /** Returns false when the value is refused. */
  onCommit(value: unknown): boolean
}

export function FieldInput({ field, value, disabled, onCommit }: FieldInputProps) {
  const { t } = useTranslation()
  const id = useId()
  const [invalid, setInvalid] = useState(false)
  const commit = (v: unknown) => setInvalid(!onCommit(v))
  const label = t(field.label)
  const cls = `form-control form-control-sm${invalid ? ' is-invalid' : ''}`

  if (field.type === 'checkbox') {
    return (
      <div className="form-check mb-2">
        <input
          id={id}
          type="checkbox"
          className="form-check-input"
          checked={value === true}
          disabled={disabled}
          onChange={(e) => commit(e.target.checked)}
        />
        <label htmlFor={id} className="form-check-label small">
          {label}
        </label>
      </div>
    )
  }
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label small mb-0">
        {label}
      </label>
      {field.type === 'select' ? (
        <select
          id={id}
          className="form-select form-select-sm"
          value={String(value ?? '')}
          disabled={disabled}
          onChange={(e) => commit(e.target.value)}
        >
          {field.options!.map((o) => (
            <option key={o} value={o}>
              {field.optionLabel ? t(`${field.optionLabel}.${o}`) : o}
            </option>
          ))}
        </select>
      ) : field.type === 'colour' ? (
        <input
          id={id}
          type="color"
          className="form-control form-control-sm form-control-color"
          value={typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
          disabled={disabled}
          onChange={(e) => commit(e.target.value)}
        />
      ) : field.type === 'textarea' ? (
        <textarea
          key={String(value)}
          id={id}
          className={cls}
          defaultValue={String(value ?? '')}
          maxLength={field.max}
          disabled={disabled}
          rows={3}
          onBlur={(e) => {
            if (e.target.value !== String(value ?? '')) commit(e.target.value)
          }}
        />
      ) : (
        <input
          key={String(value)}
          id={id}
          className={cls}
          type={field.type === 'number' ? 'number' : 'text'}
          defaultValue={value === undefined ? '' : String(value)}
          min={field.min}
          max={field.max}
          maxLength={field.type === 'text' ? field.max : undefined}
          disabled={disabled}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur()
          }}
          onBlur={(e) => {
            if (e.target.value === (value === undefined ? '' : String(value))) return
            commit(field.type === 'number' ? Number(e.target.value) : e.target.value)
          }}
        />
      )}
    </div>
  )
}
