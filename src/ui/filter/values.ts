/**
 * Rule values between the filter panel's inputs and the wire (SPEC §5 "Filters"). Inputs hold text,
 * or a list for in / not in on a column with options; the wire holds the SPEC §2 `[column, condition, value]`
 * value: numbers for integer and date columns, "start|end" unix times for between (SPEC §5), lists for in.
 */
import type { FilterValue, Operator, ValueKind } from '../../shared/filter'

/** One column the panel can filter on. The screen lists them; the server allow-list decides (SPEC §7). */
export interface FilterColumn {
  /** The column name on the wire (e.g. `name`, `hosttype`). */
  key: string
  /** Translated column label. */
  label: string
  kind: ValueKind
  /** Choices of an enum column (host types, monitoring status, report fields): a select instead of text. */
  options?: readonly { value: string; label: string }[]
}

/** What a rule's value input holds. */
export type DraftValue = string | string[]

const LIST_OPERATORS: readonly Operator[] = ['in', 'not_in']

/** A list of choices is held only for in / not in on a column with options; everything else is text. */
export function holdsList(column: FilterColumn, condition: Operator): boolean {
  return LIST_OPERATORS.includes(condition) && column.options !== undefined
}

export function emptyValue(column: FilterColumn | undefined, condition: Operator | null): DraftValue {
  return column && condition && holdsList(column, condition) ? [] : ''
}

/** Keeps what can be kept when the condition changes between one value and a list. */
export function convertValue(value: DraftValue, toList: boolean): DraftValue {
  if (toList) return Array.isArray(value) ? value : value.trim() === '' ? [] : [value]
  return Array.isArray(value) ? (value[0] ?? '') : value
}

/** SPEC §4 "The remove button is enabled only when the rule has a value." */
export function hasValue(value: DraftValue): boolean {
  return Array.isArray(value) ? value.length > 0 : value.trim() !== ''
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
const INTEGER = /^-?\d+$/

/** Whether a non-empty value is one the column can compare (an integer column needs integers, …). */
export function isValidValue(column: FilterColumn, condition: Operator, value: DraftValue): boolean {
  if (!hasValue(value)) return false
  if (Array.isArray(value)) return true
  if (column.kind === 'integer')
    return (LIST_OPERATORS.includes(condition) ? splitList(value) : [value.trim()]).every((v) => INTEGER.test(v))
  if (column.kind === 'date') {
    const parts = value.split('|')
    return parts.length === (condition === 'between' ? 2 : 1) && parts.every((p) => INTEGER.test(p.trim()))
  }
  if (column.kind === 'boolean') return value === 'true' || value === 'false'
  return true
}

/** The wire value of a valid draft value. */
export function toWireValue(column: FilterColumn, condition: Operator, value: DraftValue): FilterValue {
  if (Array.isArray(value)) return value
  const scalar = (text: string): string | number => (column.kind === 'integer' || column.kind === 'date' ? Number(text) : text)
  if (LIST_OPERATORS.includes(condition)) return splitList(value).map(scalar)
  if (column.kind === 'date' && condition === 'between')
    return value
      .split('|')
      .map((p) => p.trim())
      .join('|')
  if (column.kind === 'boolean') return value === 'true'
  return scalar(column.kind === 'integer' || column.kind === 'date' ? value.trim() : value)
}

/** The draft value of a wire value (a loaded or linked filter); null when it does not fit the column. */
export function fromWireValue(column: FilterColumn, condition: Operator, value: FilterValue): DraftValue | null {
  const list = holdsList(column, condition)
  if (value === null) return null
  if (Array.isArray(value)) {
    if (value.some((v) => v === null || typeof v === 'boolean')) return null
    const texts = value.map(String)
    if (list) return texts
    return texts.join(column.kind === 'date' && condition === 'between' ? '|' : ', ')
  }
  // A SPEC §3 software version object: no column of the panel edits one yet.
  if (typeof value === 'object') return null
  const text = String(value)
  return list ? [text] : text
}
