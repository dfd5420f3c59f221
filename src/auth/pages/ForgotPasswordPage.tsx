import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { PASSWORD_MIN } from '../../shared/api/auth'
import { requestPasswordReset, resetPassword } from '../api'
import { loginFeedbackOf, type LoginFeedback } from '../login-feedback'

/**
 * SPEC §2 /login/forgot_password (issue 16): without `token`, the request for a reset link (SPEC §8 codes 7 and 9
 * whatever was named); with the `token` of the mailed link, the form that sets the new password.
 */
export function ForgotPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  return (
    <main className="container py-5" style={{ maxWidth: '26rem' }}>
      {token ? <ResetForm token={token} /> : <RequestForm />}
    </main>
  )
}

function RequestForm() {
  const { t } = useTranslation()
  const [username, setUsername] = useState('')
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)
  const [feedback, setFeedback] = useState<LoginFeedback | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFeedback(null)
    try {
      await requestPasswordReset({ username: username.trim() })
      setSent(true)
    } catch (error) {
      setFeedback(loginFeedbackOf(error))
    }
    setBusy(false)
  }

  return (
    <>
      <h1 className="h3 mb-4">{t('auth.screens.forgotPassword')}</h1>
      {sent ? (
        <p role="status" className="alert alert-success">
          {t('auth.login.feedback.7')} {t('auth.login.feedback.9')}
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <p>{t('auth.forgotPassword.intro')}</p>
          {feedback && (
            <div role="alert" className="alert alert-danger">
              {t(`auth.login.feedback.${feedback.code}`)}
            </div>
          )}
          <div className="mb-3">
            <label htmlFor="forgot-username" className="form-label">
              {t('auth.forgotPassword.username')}
            </label>
            <input
              id="forgot-username"
              className="form-control"
              autoComplete="username"
              required
              autoFocus
              maxLength={254}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {t('auth.forgotPassword.submit')}
          </button>
        </form>
      )}
      <p className="mt-3 small">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </p>
    </>
  )
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [feedback, setFeedback] = useState<LoginFeedback | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFeedback(null)
    setProblem(null)
    if (password.length < PASSWORD_MIN) return setProblem(t('auth.forgotPassword.tooShort', { min: PASSWORD_MIN }))
    if (password !== repeat) return setProblem(t('auth.forgotPassword.mismatch'))
    setBusy(true)
    try {
      await resetPassword({ token, password })
      setDone(true)
    } catch (error) {
      setFeedback(loginFeedbackOf(error))
    }
    setBusy(false)
  }

  if (done)
    return (
      <>
        <h1 className="h3 mb-4">{t('auth.screens.forgotPassword')}</h1>
        <p role="status" className="alert alert-success">
          {t('auth.forgotPassword.changed')}
        </p>
        <Link to="/login" className="btn btn-primary">
          {t('auth.login.submit')}
        </Link>
      </>
    )
  return (
    <>
      <h1 className="h3 mb-4">{t('auth.screens.forgotPassword')}</h1>
      <p>{t('auth.forgotPassword.choose', { min: PASSWORD_MIN })}</p>
      {(feedback || problem) && (
        <div role="alert" className="alert alert-danger">
          {problem ?? t(`auth.login.feedback.${feedback!.code}`)}
          {feedback && (
            <div className="mt-2">
              <Link to="/login/forgot_password" className="alert-link">
                {t('auth.forgotPassword.requestAgain')}
              </Link>
            </div>
          )}
        </div>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="mb-3">
          <label htmlFor="reset-password" className="form-label">
            {t('auth.forgotPassword.newPassword')}
          </label>
          <input
            id="reset-password"
            type="password"
            className="form-control"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="mb-3">
          <label htmlFor="reset-repeat" className="form-label">
            {t('auth.forgotPassword.repeat')}
          </label>
          <input
            id="reset-repeat"
            type="password"
            className="form-control"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {t('auth.forgotPassword.set')}
        </button>
      </form>
    </>
  )
}
