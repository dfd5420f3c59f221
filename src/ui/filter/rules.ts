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
 * - "Add rule" needs every rule filled ("Please fill all rules"), said only once the person has edited a rule.
 * - "Apply" is refused while a rule is partly filled; empty rules are left out, so all-empty means reset.
 * - A rule may be inverted ("not"), and joined to the rule before it by "or": consecutive or-joined rules
 *   make one SPEC §7 or-group; groups and single rules are and-ed (the advanced_filter language).
 */
import {
  DEFAULT_OPERATOR,
  normaliseOperator,
  normaliseRule,
  OPERATORS_BY_KIND,
  type FilterNode,
  type FilterValue,
  type Operator,
} from '../../shared/filter'
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
  /** The rule keeps the rows it does not match. */
  inverted: boolean
  /** Joined to the rule before it by "or" (the first rule's join is ignored). */
  or: boolean
}

/** A rule as the panel applies it: a tuple, or the object form when inverted (SPEC §3 Saved filter rule). */
export type PanelRule = FilterTuple | { key: string; operator: Operator; value: FilterValue; inverted: true }
/** The panel's filter: rules and one level of or-groups, and-ed (a subset of SPEC §7 advanced_filter). */
export type PanelNode = PanelRule | { or: PanelRule[] }

/** The danger/info lines the rules themselves raise (SPEC §5). */
export type RulesMessage = 'fillAllRules' | 'cantDeleteLast'

export interface RulesState {
  rules: DraftRule[]
  nextId: number
  message: RulesMessage | null
  /** The person edited a rule since the panel opened (hints wait for it). */
  touched: boolean
}

export type RulesEvent =
  | { type: 'setColumn'; id: number; column: string | null }
  | { type: 'setCondition'; id: number; condition: Operator }
  | { type: 'setValue'; id: number; value: DraftValue }
  | { type: 'setInverted'; id: number; inverted: boolean }
  | { type: 'setOr'; id: number; or: boolean }
  | { type: 'remove'; id: number }
  | { type: 'add' }
  | { type: 'reset' }
  | { type: 'load'; rules: readonly DraftRule[] }
  | { type: 'dismissMessage' }

const blank = (id: number): DraftRule => ({ id, column: null, condition: null, value: '', inverted: false, or: false })

export function initialRules(): RulesState {
  return { rules: [blank(1)], nextId: 2, message: null, touched: false }
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

/** The filter that "apply" sends: the filled rules, or-joined ones grouped; an empty list is the reset filter. */
export function appliedFilter(columns: readonly FilterColumn[], state: RulesState): PanelNode[] {
  const nodes: PanelNode[] = []
  let group: PanelRule[] = []
  const close = () => {
    if (group.length) nodes.push(group.length === 1 ? group[0] : { or: group })
    group = []
  }
  for (const rule of state.rules) {
    const column = columnOf(columns, rule.column)
    if (!column || !rule.condition || !isFilled(columns, rule)) continue
    const value = toWireValue(column, rule.condition, rule.value)
    if (!rule.or) close()
    group.push(rule.inverted ? { key: column.key, operator: rule.condition, value, inverted: true } : [column.key, rule.condition, value])
  }
  close()
  return nodes
}

/**
 * A filter in the panel's form (operators by their SPEC names, or-groups one level deep); null when it has
 * deeper groups or an unknown condition, which the panel cannot show.
 */
export function panelFilter(nodes: readonly FilterNode[]): PanelNode[] | null {
  const ruleOf = (node: FilterNode): PanelRule | null => {
    if (!Array.isArray(node) && 'or' in node) return null
    const rule = normaliseRule(node)
    const condition = normaliseOperator(rule.operator)
    if (condition === null) return null
    return rule.inverted ? { key: rule.key, operator: condition, value: rule.value, inverted: true } : [rule.key, condition, rule.value]
  }
  const out: PanelNode[] = []
  for (const node of nodes) {
    if (!Array.isArray(node) && 'or' in node) {
      const rules = node.or.map(ruleOf)
      if (rules.some((r) => r === null)) return null
      out.push({ or: rules as PanelRule[] })
    } else {
      const rule = ruleOf(node)
      if (rule === null) return null
      out.push(rule)
    }
  }
  return out
}

/** Every rule of a panel filter with its join: the rules of an or-group after its first are or-joined. */
export function panelRules(filter: readonly PanelNode[]): { rule: PanelRule; or: boolean }[] {
  return filter.flatMap((node) =>
    !Array.isArray(node) && 'or' in node ? node.or.map((rule, i) => ({ rule, or: i > 0 })) : [{ rule: node, or: false }],
  )
}

/** The column keys a filter names. */
export const filterKeys = (filter: readonly PanelNode[]) => panelRules(filter).map(({ rule }) => (Array.isArray(rule) ? rule[0] : rule.key))

/** Draft rules of a linked or saved filter; null when a rule does not fit the columns (unparseable). */
export function draftsOf(columns: readonly FilterColumn[], filter: readonly PanelNode[]): DraftRule[] | null {
  const drafts: DraftRule[] = []
  for (const { rule, or } of panelRules(filter)) {
    const [key, condition, wire, inverted] = Array.isArray(rule) ? [...rule, false] : [rule.key, rule.operator, rule.value, true]
    const column = columnOf(columns, key)
    if (!column || !OPERATORS_BY_KIND[column.kind].includes(condition)) return null
    const value = fromWireValue(column, condition, wire)
    if (value === null || !isValidValue(column, condition, value)) return null
    drafts.push({ id: drafts.length + 1, column: key, condition, value, inverted, or })
  }
  return drafts
}

function edit(state: RulesState, id: number, change: (rule: DraftRule) => DraftRule, columns: readonly FilterColumn[]): RulesState {
  const index = state.rules.findIndex((rule) => rule.id === id)
  if (index < 0) return state
  const rules = state.rules.map((rule, i) => (i === index ? change(rule) : rule))
  const appended = index === rules.length - 1 && isFilled(columns, rules[index])
  return appended
    ? { rules: [...rules, blank(state.nextId)], nextId: state.nextId + 1, message: null, touched: true }
    : { ...state, rules, message: null, touched: true }
}

/** One fresh empty rule; new ids, so the inputs of the old rules are not reused. */
function reset(state: RulesState): RulesState {
  return { rules: [blank(state.nextId)], nextId: state.nextId + 1, message: null, touched: state.touched }
}

export function reduceRules(columns: readonly FilterColumn[], state: RulesState, event: RulesEvent): RulesState {
  switch (event.type) {
    case 'setColumn':
      return edit(
        state,
        event.id,
        (rule) => {
          const column = columnOf(columns, event.column)
          if (!column) return { ...blank(rule.id), or: rule.or }
          const condition = DEFAULT_OPERATOR[column.kind]
          return { ...rule, column: column.key, condition, value: emptyValue(column, condition) }
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
    case 'setInverted':
      return edit(state, event.id, (rule) => ({ ...rule, inverted: event.inverted }), columns)
    case 'setOr':
      return edit(state, event.id, (rule) => ({ ...rule, or: event.or }), columns)
    case 'remove': {
      if (!state.rules.some((rule) => rule.id === event.id)) return state
      if (state.rules.length === 1) return { ...reset(state), message: 'cantDeleteLast' }
      return { ...state, rules: state.rules.filter((rule) => rule.id !== event.id), message: null, touched: true }
    }
    case 'add':
      if (!canAddRule(columns, state)) return { ...state, message: 'fillAllRules', touched: true }
      return { rules: [...state.rules, blank(state.nextId)], nextId: state.nextId + 1, message: null, touched: true }
    case 'reset':
      return reset(state)
    case 'load': {
      if (event.rules.length === 0) return reset(state)
      const rules = event.rules.map((rule, i) => ({ ...rule, id: state.nextId + i }))
      return { rules, nextId: state.nextId + rules.length, message: null, touched: state.touched }
    }
    case 'dismissMessage':
      return { ...state, message: null }
  }
}
