import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NAME_MAX, NAME_MIN } from '../../../shared/constants'

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

export interface NameInputProps {
  label: string
  value: string
  onChange(value: string): void
  /** A message under the field (e.g. "This field is mandatory."), shown as invalid. */
  error?: string | null
  autoFocus?: boolean
}

export function NameInput({ label, value, onChange, error, autoFocus }: NameInputProps) {
  const { t } = useTranslation()
  const id = useId()
  const [notice, setNotice] = useState<'blocked' | 'spaces' | null>(null)
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>{label}</label>
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
      <div id={`${id}-hint`} className="form-text">{t('maps.name.hint', { min: NAME_MIN, max: NAME_MAX })}</div>
      {notice && <div className="form-text text-info" role="status">{t(`maps.name.${notice}`)}</div>}
    </div>
  )
}
