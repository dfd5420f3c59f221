import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useMutation } from '@tanstack/react-query'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { isApiFailure } from '../../app/api'
import { beginEnrolment, confirmEnrolment } from '../api'
import { loginFeedbackOf } from '../login-feedback'
import { pendingLoginOf } from '../pending-login'
import { safeRedirect } from '../redirect'
import { LoginFeedbackAlert } from './LoginFeedbackAlert'

/**
 * SPEC §2 /login/enroll (issue 16): enrolment of an authenticator app by its QR code (or the key typed in),
 * confirmed with a first code; the backup codes are shown once. With a pending login (the organization
 * requires two-factor) the session starts at the end; otherwise the signed-in user adds the factor.
 */
export function EnrollPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const pending = pendingLoginOf(useLocation().state)
  const ticket = pending?.second_factor === 'enroll' ? pending.ticket : null
  const [code, setCode] = useState('')
  const [remember, setRemember] = useState(false)
  const begin = useMutation({ mutationFn: () => beginEnrolment(ticket) })
  const confirm = useMutation({ mutationFn: () => confirmEnrolment(ticket, code.trim(), remember) })
  // A second app replaces the first only after an administrator's reset (store/second-factors.ts beginTotp).
  const alreadyEnrolled = isApiFailure(begin.error) && begin.error.errorBody?.key === 'invalid_operation'
  const failure = confirm.error ?? (alreadyEnrolled ? null : begin.error)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    confirm.mutate()
  }

  return (
    <main className="container py-5" style={{ maxWidth: '32rem' }}>
      <h1 className="h3 mb-4">{t('auth.screens.enroll')}</h1>
      {failure && <LoginFeedbackAlert feedback={loginFeedbackOf(failure)} />}
      {alreadyEnrolled && (
        <p role="status" className="alert alert-info">
          {t('auth.enroll.alreadyEnrolled')}
        </p>
      )}
      {confirm.data ? (
        <section aria-labelledby="backup-codes-title">
          <h2 id="backup-codes-title" className="h5">
            {t('auth.enroll.backupCodes')}
          </h2>
          <p>{t('auth.enroll.backupCodesHelp')}</p>
          <ul className="list-unstyled font-monospace" data-testid="backup-codes">
            {confirm.data.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void navigate(safeRedirect(params.get('redirect')), { replace: true })}
          >
            {t('auth.enroll.continue')}
          </button>
        </section>
      ) : begin.data ? (
        <form onSubmit={submit}>
          <p>{t('auth.enroll.scan')}</p>
          <img src={begin.data.qr} alt={t('auth.enroll.qr')} width={200} height={200} className="d-block mb-3" />
          <p className="small">
            {t('auth.enroll.manual')} <code data-testid="totp-secret">{begin.data.secret}</code>
          </p>
          <div className="mb-3">
            <label htmlFor="enroll-code" className="form-label">
              {t('auth.mfa.code.totp')}
            </label>
            <input
              id="enroll-code"
              className="form-control"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          {ticket && (
            <div className="form-check mb-3">
              <input
                id="enroll-remember"
                type="checkbox"
                className="form-check-input"
                checked={remember}
                onChange={(e) => setRemember(e.target.checked)}
              />
              <label htmlFor="enroll-remember" className="form-check-label">
                {t('auth.mfa.remember')}
              </label>
            </div>
          )}
          <button type="submit" className="btn btn-primary w-100" disabled={confirm.isPending}>
            {t('auth.enroll.confirm')}
          </button>
        </form>
      ) : (
        <>
          <p>{t(ticket ? 'auth.enroll.required' : 'auth.enroll.intro')}</p>
          <button type="button" className="btn btn-primary" disabled={begin.isPending} onClick={() => begin.mutate()}>
            {t('auth.enroll.start')}
          </button>
        </>
      )}
      <p className="mt-3 small">
        <Link to={ticket ? '/login' : '/'}>{t(ticket ? 'auth.backToLogin' : 'auth.enroll.cancel')}</Link>
      </p>
    </main>
  )
}
