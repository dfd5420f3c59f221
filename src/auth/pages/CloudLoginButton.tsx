import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { startCloudLogin, useCloudLoginEnabled } from '../api'
import { loginFeedbackOf, type LoginFeedback } from '../login-feedback'

/** Issue 16: the cloud directory login, shown only where the server offers it. */
export function CloudLoginButton({ redirect }: { redirect: string }) {
  const { t } = useTranslation()
  const enabled = useCloudLoginEnabled()
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<LoginFeedback | null>(null)
  if (!enabled.data) return null

  const start = () => {
    setBusy(true)
    setFeedback(null)
    startCloudLogin(redirect).catch((error: unknown) => {
      setFeedback(loginFeedbackOf(error))
      setBusy(false)
    })
  }

  return (
    <div className="mt-3">
      {feedback && (
        <div role="alert" className="alert alert-danger">
          {t(`auth.login.feedback.${feedback.code}`)}
        </div>
      )}
      <button type="button" className="btn btn-outline-primary w-100" disabled={busy} onClick={start}>
        {t('auth.cloudLogin.button')}
      </button>
    </div>
  )
}
