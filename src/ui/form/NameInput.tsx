import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NAME_MAX, NAME_MIN } from '../../shared/constants'
import { isValidName } from '../../shared/validation'

/** What a keystroke may add to a name: SPEC §5 letters, digits, dot, underscore, hyphen and space. */
const BLOCKED = /[^\p{L}\p{N}._\- ]/gu

/**
 * SPEC §5 name inputs: other characters give an info message and are blocked, consecutive spaces are
 * blocked, and the length hint is min 2, max 50. Pure, so the rule is tested without a browser.
 */
export function filterName(raw: string): { value: string; notice: 'blocked' | 'spaces' | null } {
  const allowed = raw.replace(BLOCKED, '')
  const single = allowed.replace(/ {2,}/g, ' ')
  return { value: single.slice(0, NAME_MAX), notice: allowed !== raw ? 'blocked' : single !== allowed ? 'spaces' : null }
}

export type NameProblem = 'required' | 'tooShort'

/** A name's problem under SPEC §5, as the key of its message (null when valid). */
export function nameProblem(name: string): NameProblem | null {
  if (name.trim() === '') return 'required'
  return isValidName(name.trim()) ? null : 'tooShort'
}

export interface NameInputProps {
  label: string
  value: string
  onChange(value: string): void
  /** The problem to show under the field, as invalid (once the form was submitted). */
  problem?: NameProblem | null
  autoFocus?: boolean
}

export function NameInput({ label, value, onChange, problem, autoFocus }: NameInputProps) {
  const { t } = useTranslation()
  const id = useId()
  const error = problem === 'required' ? t('maps.add.required') : problem === 'tooShort' ? t('maps.name.tooShort', { min: NAME_MIN }) : null
  const [notice, setNotice] = useState<'blocked' | 'spaces' | null>(null)
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        maxLength={NAME_MAX}
        minLength={NAME_MIN}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const next = filterName(e.target.value)
          // The message stays after the blocked keystroke, so it can be read, until the field is emptied.
          if (next.notice || next.value === '') setNotice(next.notice)
          onChange(next.value)
        }}
      />
      {error && <div className="invalid-feedback">{error}</div>}
      <div id={`${id}-hint`} className="form-text">
        {t('maps.name.hint', { min: NAME_MIN, max: NAME_MAX })}
      </div>
      {notice && (
        <div className="form-text text-info" role="status">
          {t(`maps.name.${notice}`)}
        </div>
      )}
    </div>
  )
}
