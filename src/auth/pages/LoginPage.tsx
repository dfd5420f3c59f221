import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { login, loginWithKey, useLoginPageInfo } from '../api'
import { loginFeedbackOf, type LoginFeedback } from '../login-feedback'
import { LoginFeedbackAlert } from './LoginFeedbackAlert'
import { safeRedirect } from '../redirect'
import { CloudLoginButton } from './CloudLoginButton'

/** SPEC §2 /login: username and password; SPEC §8 feedback codes; then the second factor if due, and back to `redirect` or '/'. */
export function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const { search } = useLocation()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<LoginFeedback | null>(null)
  const info = useLoginPageInfo()
  // SPEC §1: the configured support contact (VIGIL_SUPPORT_CONTACT), else "your administrator".
  const support = info.data?.support_contact ?? t('auth.login.supportEmail')

  /** Issue 16 passwordless login with a hardware key the user chose for it. */
  const withKey = async () => {
    setBusy(true)
    setFeedback(null)
    try {
      await loginWithKey()
      await navigate(safeRedirect(params.get('redirect')), { replace: true })
    } catch (error) {
      setFeedback(loginFeedbackOf(error))
      setBusy(false)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFeedback(null)
    try {
      const pending = await login({ username: username.trim(), password })
      // Issue 16: a second factor (or its enrolment) comes first; the ticket travels in the history state, not the URL.
      if (pending) await navigate(`/login/${pending.second_factor === 'verify' ? 'mfa' : 'enroll'}${search}`, { state: pending })
      else await navigate(safeRedirect(params.get('redirect')), { replace: true })
    } catch (error) {
      setFeedback(loginFeedbackOf(error))
      setBusy(false)
    }
  }

  return (
    <main className="container py-5" style={{ maxWidth: '26rem' }}>
      <h1 className="h3 mb-4">{t('auth.login.title')}</h1>
      {feedback && <LoginFeedbackAlert feedback={feedback} />}
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
      <button type="button" className="btn btn-outline-secondary w-100 mt-2" disabled={busy} onClick={() => void withKey()}>
        {t('auth.login.withKey')}
      </button>
      <CloudLoginButton redirect={safeRedirect(params.get('redirect'))} />
      <p className="mt-3 small">
        <Link to="/login/forgot_password">{t('auth.login.forgotPassword')}</Link>
      </p>
      <p className="small text-body-secondary">{t('auth.login.support', { email: support })}</p>
    </main>
  )
}
