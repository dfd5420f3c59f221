import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { expireDaysProblem, tokenNameProblem, type TokenBody } from '../../shared/api/tokens'

/** Name and expiry of a new token (SPEC §5 Tokens), checked before sending; `children` adds fields (a wall's maps). */
export function TokenForm({
  label,
  pending,
  onCreate,
  children,
}: {
  label: string
  pending: boolean
  onCreate: (body: TokenBody) => void
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [days, setDays] = useState('90')
  const [tried, setTried] = useState(false)
  const nameBad = tokenNameProblem(name) !== null
  const daysBad = expireDaysProblem(Number(days)) !== null
  return (
    <form
      className="row g-2 align-items-start mb-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        setTried(true)
        if (!nameBad && !daysBad) onCreate({ name: name.trim(), expire_days: Number(days) })
      }}
    >
      {children}
      <div className="col-sm-5">
        <label className="form-label">
          {t('user.tokens.name')}
          <input
            className={`form-control ${tried && nameBad ? 'is-invalid' : ''}`}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          {tried && nameBad && <span className="invalid-feedback">{t('user.tokens.nameProblem')}</span>}
        </label>
      </div>
      <div className="col-sm-3">
        <label className="form-label">
          {t('user.tokens.expireDays')}
          <input
            className={`form-control ${tried && daysBad ? 'is-invalid' : ''}`}
            type="number"
            min={2}
            max={730}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
          {tried && daysBad && <span className="invalid-feedback">{t('user.tokens.daysProblem')}</span>}
        </label>
      </div>
      <div className="col-sm-4 align-self-center">
        <button type="submit" className="btn btn-primary mt-3" disabled={pending}>
          {label}
        </button>
      </div>
    </form>
  )
}

/** A new token's value, shown once, with a copy button. */
export function ShownOnce({ value, link }: { value: string; link?: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const text = link ?? value
  return (
    <div className="alert alert-warning" role="status">
      <p className="mb-2">{t('user.tokens.shownOnce')}</p>
      <code className="d-block text-break mb-2" data-testid="token-value">
        {text}
      </code>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        onClick={() =>
          void navigator.clipboard?.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('user.tokens.copied') : t('user.tokens.copy')}
      </button>
    </div>
  )
}
