/**
 * The filter panel's rules as a pure state machine: SPEC §4 "Filter rules" and SPEC §5 "Filters".
 * The component dispatches events and reads the selectors below; nothing here touches React.
 *
 * - Choosing a column sets its default condition (DEFAULT_OPERATOR) and clears the value.
 * - Choosing a condition on a date/age column clears the value.
 * - A new empty rule is appended when the last rule gets filled by an edit (not when rules are loaded,
 *   so that "add rule" has a use after loading a filter).
 * - Remove is enabled only when the rule has a value. With several rules it removes that one; the only rule
 *   cannot go, so it is reset instead and the danger message "Can't delete last rule." says why.
 * - "Add rule" needs every rule filled ("Please fill all rules").
 * - "Apply" is refused while a rule is partly filled; empty rules are left out, so all-empty means reset.
 */
import { DEFAULT_OPERATOR, OPERATORS_BY_KIND, type FilterValue, type Operator } from '../../shared/filter'
import {
  convertValue,
  emptyValue,
  fromWireValue,
  hasValue,
  holdsList,
  isValidValue,
  toWireValue,
  type DraftValue,
  type FilterColumn,
} from './values'

/** SPEC §2: a filter is a list of `[column, condition, value]`. */
export type FilterTuple = [column: string, condition: Operator, value: FilterValue]

export interface DraftRule {
  id: number
  column: string | null
  condition: Operator | null
  value: DraftValue
}

/** The danger/info lines the rules themselves raise (SPEC §5). */
export type RulesMessage = 'fillAllRules' | 'cantDeleteLast'

export interface RulesState {
  rules: DraftRule[]
  nextId: number
  message: RulesMessage | null
}

export type RulesEvent =
  | { type: 'setColumn'; id: number; column: string | null }
  | { type: 'setCondition'; id: number; condition: Operator }
  | { type: 'setValue'; id: number; value: DraftValue }
  | { type: 'remove'; id: number }
  | { type: 'add' }
  | { type: 'reset' }
  | { type: 'load'; rules: readonly DraftRule[] }
  | { type: 'dismissMessage' }

const blank = (id: number): DraftRule => ({ id, column: null, condition: null, value: '' })

export function initialRules(): RulesState {
  return { rules: [blank(1)], nextId: 2, message: null }
}

const columnOf = (columns: readonly FilterColumn[], key: string | null) => columns.find((c) => c.key === key)

export function isBlank(rule: DraftRule): boolean {
  return rule.column === null && !hasValue(rule.value)
}

/** SPEC §5 "A rule is valid only with column, condition and non-empty value" (and one the column can compare). */
export function isFilled(columns: readonly FilterColumn[], rule: DraftRule): boolean {
  const column = columnOf(columns, rule.column)
  return column !== undefined && rule.condition !== null && isValidValue(column, rule.condition, rule.value)
}

export function isPartial(columns: readonly FilterColumn[], rule: DraftRule): boolean {
  return !isBlank(rule) && !isFilled(columns, rule)
}

export function canRemove(rule: DraftRule): boolean {
  return hasValue(rule.value)
}

export function canAddRule(columns: readonly FilterColumn[], state: RulesState): boolean {
  return state.rules.every((rule) => isFilled(columns, rule))
}

export function canApply(columns: readonly FilterColumn[], state: RulesState): boolean {
  return !state.rules.some((rule) => isPartial(columns, rule))
}

/** The filter that "apply" sends: the filled rules; an empty list is the reset filter. */
export function appliedFilter(columns: readonly FilterColumn[], state: RulesState): FilterTuple[] {
  return state.rules.flatMap((rule) => {
    const column = columnOf(columns, rule.column)
    if (!column || !rule.condition || !isFilled(columns, rule)) return []
    return [[column.key, rule.condition, toWireValue(column, rule.condition, rule.value)] satisfies FilterTuple]
  })
}

/** Draft rules of a linked or saved filter; null when a rule does not fit the columns (unparseable). */
export function draftsOf(columns: readonly FilterColumn[], filter: readonly FilterTuple[]): DraftRule[] | null {
  const drafts: DraftRule[] = []
  for (const [key, condition, wire] of filter) {
    const column = columnOf(columns, key)
    if (!column || !OPERATORS_BY_KIND[column.kind].includes(condition)) return null
    const value = fromWireValue(column, condition, wire)
    if (value === null || !isValidValue(column, condition, value)) return null
    drafts.push({ id: drafts.length + 1, column: key, condition, value })
  }
  return drafts
}

function edit(state: RulesState, id: number, change: (rule: DraftRule) => DraftRule, columns: readonly FilterColumn[]): RulesState {
  const index = state.rules.findIndex((rule) => rule.id === id)
  if (index < 0) return state
  const rules = state.rules.map((rule, i) => (i === index ? change(rule) : rule))
  const appended = index === rules.length - 1 && isFilled(columns, rules[index])
  return appended ? { rules: [...rules, blank(state.nextId)], nextId: state.nextId + 1, message: null } : { ...state, rules, message: null }
}

/** One fresh empty rule; new ids, so the inputs of the old rules are not reused. */
function reset(state: RulesState): RulesState {
  return { rules: [blank(state.nextId)], nextId: state.nextId + 1, message: null }
}

export function reduceRules(columns: readonly FilterColumn[], state: RulesState, event: RulesEvent): RulesState {
  switch (event.type) {
    case 'setColumn':
      return edit(
        state,
        event.id,
        (rule) => {
          const column = columnOf(columns, event.column)
          if (!column) return blank(rule.id)
          const condition = DEFAULT_OPERATOR[column.kind]
          return { id: rule.id, column: column.key, condition, value: emptyValue(column, condition) }
        },
        columns,
      )
    case 'setCondition':
      return edit(
        state,
        event.id,
        (rule) => {
          const column = columnOf(columns, rule.column)
          if (!column || !OPERATORS_BY_KIND[column.kind].includes(event.condition)) return rule
          const value =
            column.kind === 'date' ? emptyValue(column, event.condition) : convertValue(rule.value, holdsList(column, event.condition))
          return { ...rule, condition: event.condition, value }
        },
        columns,
      )
    case 'setValue':
      return edit(state, event.id, (rule) => (rule.column === null ? rule : { ...rule, value: event.value }), columns)
    case 'remove': {
      if (!state.rules.some((rule) => rule.id === event.id)) return state
      if (state.rules.length === 1) return { ...reset(state), message: 'cantDeleteLast' }
      return { ...state, rules: state.rules.filter((rule) => rule.id !== event.id), message: null }
    }
    case 'add':
      if (!canAddRule(columns, state)) return { ...state, message: 'fillAllRules' }
      return { rules: [...state.rules, blank(state.nextId)], nextId: state.nextId + 1, message: null }
    case 'reset':
      return reset(state)
    case 'load': {
      if (event.rules.length === 0) return reset(state)
      const rules = event.rules.map((rule, i) => ({ ...rule, id: state.nextId + i }))
      return { rules, nextId: state.nextId + rules.length, message: null }
    }
    case 'dismissMessage':
      return { ...state, message: null }
  }
}
