import { useTranslation } from 'react-i18next'
import type { Operator } from '../../shared/filter'
import { fromUnix, toUnix } from '../date/date-time'
import { DateTimeInput } from '../date/DateTimeInput'
import { holdsList, type DraftValue, type FilterColumn } from './values'

export interface ValueInputProps {
  id: string
  /** Translated label of the input (e.g. "Value of rule 2"). */
  label: string
  column: FilterColumn | undefined
  condition: Operator | null
  value: DraftValue
  onChange(value: DraftValue): void
}

const unixText = (d: Date | null) => (d ? String(toUnix(d)) : '')
const dateOf = (text: string | undefined) => (text && /^\d+$/.test(text.trim()) ? fromUnix(Number(text)) : null)

/** The value input of a rule row, by the column's kind (SPEC §3 "Filter rule value kinds"). */
export function ValueInput({ id, label, column, condition, value, onChange }: ValueInputProps) {
  const { t } = useTranslation()
  const text = Array.isArray(value) ? '' : value
  const input = (props: { inputMode?: 'numeric'; placeholder?: string }) => (
    <input
      id={id}
      type="text"
      className="form-control form-control-sm"
      aria-label={label}
      value={text}
      disabled={!column}
      onChange={(e) => onChange(e.target.value)}
      {...props}
    />
  )
  if (!column || !condition) return input({})

  if (column.kind === 'date') {
    // SPEC §5: after / before one unix time, between two joined by a bar.
    const [from, to] = text.split('|')
    if (condition !== 'between') return <DateTimeInput label={label} value={dateOf(from)} onChange={(d) => onChange(unixText(d))} />
    const join = (a: string, b: string) => (a === '' && b === '' ? '' : `${a}|${b}`)
    return (
      <div className="d-flex gap-2">
        <DateTimeInput
          label={t('ui.filter.betweenFrom', { label })}
          value={dateOf(from)}
          onChange={(d) => onChange(join(unixText(d), to ?? ''))}
        />
        <DateTimeInput
          label={t('ui.filter.betweenTo', { label })}
          value={dateOf(to)}
          onChange={(d) => onChange(join(from ?? '', unixText(d)))}
        />
      </div>
    )
  }
  const options =
    column.kind === 'boolean'
      ? [
          { value: 'true', label: t('ui.filter.yes') },
          { value: 'false', label: t('ui.filter.no') },
        ]
      : column.options
  if (options && holdsList(column, condition)) {
    return (
      <select
        id={id}
        multiple
        className="form-select form-select-sm"
        aria-label={label}
        value={Array.isArray(value) ? value : []}
        onChange={(e) => onChange(Array.from(e.target.selectedOptions, (o) => o.value))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    )
  }
  if (options) {
    return (
      <select id={id} className="form-select form-select-sm" aria-label={label} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('ui.filter.choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    )
  }
  const list = condition === 'in' || condition === 'not_in'
  return input({ inputMode: column.kind === 'integer' ? 'numeric' : undefined, placeholder: list ? t('ui.filter.listHint') : undefined })
}
