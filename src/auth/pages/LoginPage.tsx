import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { login } from '../api'
import { loginFeedbackOf, offersForgotPassword, type LoginFeedback } from '../login-feedback'
import { safeRedirect } from '../redirect'
import { CloudLoginButton } from './CloudLoginButton'

/** SPEC §2 /login: username and password; SPEC §8 feedback codes; then back to `redirect` or '/'. */
export function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<LoginFeedback | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFeedback(null)
    try {
      await login({ username: username.trim(), password })
      await navigate(safeRedirect(params.get('redirect')), { replace: true })
    } catch (error) {
      setFeedback(loginFeedbackOf(error))
      setBusy(false)
    }
  }

  return (
    <main className="container py-5" style={{ maxWidth: '26rem' }}>
      <h1 className="h3 mb-4">{t('auth.login.title')}</h1>
      {feedback && (
        <div role="alert" className="alert alert-danger">
          {t(`auth.login.feedback.${feedback.code}`)}
          {feedback.lockedUntil !== undefined && (
            <> {t('auth.login.lockedUntil', { time: new Date(feedback.lockedUntil * 1000).toLocaleString() })}</>
          )}
          {offersForgotPassword(feedback) && (
            <div className="mt-2">
              <Link to="/login/forgot_password" className="alert-link">
                {t('auth.login.forgotPassword')}
              </Link>
            </div>
          )}
        </div>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate={false}>
        <div className="mb-3">
          <label htmlFor="login-username" className="form-label">
            {t('auth.login.username')}
          </label>
          <input
            id="login-username"
            className="form-control"
            autoComplete="username"
            required
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="mb-3">
          <label htmlFor="login-password" className="form-label">
            {t('auth.login.password')}
          </label>
          <input
            id="login-password"
            type="password"
            className="form-control"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {busy ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </form>
      <CloudLoginButton redirect={safeRedirect(params.get('redirect'))} />
      <p className="mt-3 small">
        <Link to="/login/forgot_password">{t('auth.login.forgotPassword')}</Link>
      </p>
      <p className="small text-body-secondary">{t('auth.login.support', { email: t('auth.login.supportEmail') })}</p>
    </main>
  )
}
