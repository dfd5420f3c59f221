import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { OPERATORS_BY_KIND, type Operator } from '../../shared/filter'
import { canRemove, type DraftRule, type RulesEvent } from './rules'
import { ValueInput } from './ValueInput'
import type { FilterColumn } from './values'

export interface RuleRowProps {
  rule: DraftRule
  /** 1-based position, for the labels ("Column of rule 2"). */
  position: number
  columns: readonly FilterColumn[]
  dispatch(event: RulesEvent): void
}

/** One rule row of SPEC §2: its join to the rule before (and / or), column, "not", condition, value and remove. */
export function RuleRow({ rule, position, columns, dispatch }: RuleRowProps) {
  const { t } = useTranslation()
  const id = useId()
  const column = columns.find((c) => c.key === rule.column)
  const n = { n: position }
  return (
    <li className="row g-2 align-items-start mb-2">
      <div className="col-sm-1">
        {position > 1 && (
          <select
            className="form-select form-select-sm"
            aria-label={t('ui.filter.join', n)}
            value={rule.or ? 'or' : 'and'}
            onChange={(e) => dispatch({ type: 'setOr', id: rule.id, or: e.target.value === 'or' })}
          >
            <option value="and">{t('ui.filter.and')}</option>
            <option value="or">{t('ui.filter.or')}</option>
          </select>
        )}
      </div>
      <div className="col-sm-3">
        <select
          className="form-select form-select-sm"
          aria-label={t('ui.filter.column', n)}
          value={rule.column ?? ''}
          onChange={(e) => dispatch({ type: 'setColumn', id: rule.id, column: e.target.value || null })}
        >
          <option value="">{t('ui.filter.choose')}</option>
          {columns.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-1 pt-1">
        <div className="form-check">
          <input
            id={`${id}-not`}
            type="checkbox"
            className="form-check-input"
            checked={rule.inverted}
            disabled={!column}
            onChange={(e) => dispatch({ type: 'setInverted', id: rule.id, inverted: e.target.checked })}
          />
          <label htmlFor={`${id}-not`} className="form-check-label" aria-label={t('ui.filter.invert', n)}>
            {t('ui.filter.not')}
          </label>
        </div>
      </div>
      <div className="col-sm-2">
        <select
          className="form-select form-select-sm"
          aria-label={t('ui.filter.condition', n)}
          value={rule.condition ?? ''}
          disabled={!column}
          onChange={(e) => dispatch({ type: 'setCondition', id: rule.id, condition: e.target.value as Operator })}
        >
          {!column && <option value="" />}
          {column &&
            OPERATORS_BY_KIND[column.kind].map((op) => (
              <option key={op} value={op}>
                {t(`ui.filter.conditions.${op}`)}
              </option>
            ))}
        </select>
      </div>
      <div className="col-sm-4">
        <ValueInput
          id={`${id}-value`}
          label={t('ui.filter.value', n)}
          column={column}
          condition={rule.condition}
          value={rule.value}
          onChange={(value) => dispatch({ type: 'setValue', id: rule.id, value })}
        />
      </div>
      <div className="col-sm-1">
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          aria-label={t('ui.filter.remove', n)}
          disabled={!canRemove(rule)}
          onClick={() => dispatch({ type: 'remove', id: rule.id })}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
    </li>
  )
}
