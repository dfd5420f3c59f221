import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useMutation } from '@tanstack/react-query'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import type { SecondFactorMethodName } from '../../shared/api/auth'
import { verifySecondFactor, verifyWithKey, verifyWithPush } from '../api'
import { loginFeedbackOf } from '../login-feedback'
import { pendingLoginOf } from '../pending-login'
import { safeRedirect } from '../redirect'
import { LoginFeedbackAlert } from './LoginFeedbackAlert'

/**
 * SPEC §2 /login/mfa (issue 16): the second step of a login, with a code from the authenticator app or a backup
 * code, a hardware key, or push approval from another device (SPEC §4, "waiting for confirmation" meanwhile),
 * and "remember this browser" for a month (SPEC §9). Without a pending login it is the login page's.
 */
export function MfaPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const pending = pendingLoginOf(useLocation().state)
  const [method, setMethod] = useState<SecondFactorMethodName>(pending?.methods[0] ?? 'totp')
  const [code, setCode] = useState('')
  const [remember, setRemember] = useState(false)
  const [waiting, setWaiting] = useState(false)
  const done = () => navigate(safeRedirect(params.get('redirect')), { replace: true })
  const verify = useMutation({ mutationFn: verifySecondFactor, onSuccess: done })
  const key = useMutation({ mutationFn: (ticket: string) => verifyWithKey(ticket, remember), onSuccess: done })
  const push = useMutation({
    mutationFn: (ticket: string) => verifyWithPush(ticket, remember, () => setWaiting(true)),
    onSuccess: (approved) => (approved ? done() : undefined),
    onSettled: () => setWaiting(false),
  })
  if (!pending || pending.second_factor !== 'verify') return <Navigate to="/login" replace />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (method === 'webauthn') key.mutate(pending.ticket)
    else if (method === 'push') push.mutate(pending.ticket)
    else verify.mutate({ ticket: pending.ticket, method, code: code.trim(), remember })
  }
  const failed = verify.error ?? key.error ?? push.error
  const codeMethod = method === 'totp' || method === 'backup_code'

  return (
    <main className="container py-5" style={{ maxWidth: '26rem' }}>
      <h1 className="h3 mb-4">{t('auth.screens.mfa')}</h1>
      {failed && <LoginFeedbackAlert feedback={loginFeedbackOf(failed)} />}
      {push.data === false && (
        <div className="alert alert-warning" role="alert">
          {t('auth.mfa.pushExpired')}
        </div>
      )}
      {waiting && (
        <div className="alert alert-info" role="status">
          {t('auth.mfa.waiting')}
        </div>
      )}
      <form onSubmit={submit}>
        {pending.methods.length > 1 && (
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('auth.mfa.method')}</legend>
            {pending.methods.map((m) => (
              <div className="form-check" key={m}>
                <input
                  id={`mfa-method-${m}`}
                  type="radio"
                  name="mfa-method"
                  className="form-check-input"
                  checked={method === m}
                  onChange={() => setMethod(m)}
                />
                <label htmlFor={`mfa-method-${m}`} className="form-check-label">
                  {t(`auth.mfa.methods.${m}`)}
                </label>
              </div>
            ))}
          </fieldset>
        )}
        {codeMethod && (
          <div className="mb-3">
            <label htmlFor="mfa-code" className="form-label">
              {t(`auth.mfa.code.${method}`)}
            </label>
            <input
              id="mfa-code"
              className="form-control"
              autoComplete="one-time-code"
              inputMode={method === 'totp' ? 'numeric' : 'text'}
              required
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
        )}
        <div className="form-check mb-3">
          <input
            id="mfa-remember"
            type="checkbox"
            className="form-check-input"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <label htmlFor="mfa-remember" className="form-check-label">
            {t('auth.mfa.remember')}
          </label>
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={verify.isPending || key.isPending || push.isPending}>
          {t(`auth.mfa.submitWith.${method}`)}
        </button>
      </form>
      <p className="mt-3 small">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </p>
    </main>
  )
}
