import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { finishCloudLogin } from '../api'
import { loginFeedbackOf, type LoginFeedback } from '../login-feedback'
import { safeRedirect } from '../redirect'

/** SPEC §2 /oauth_redirect (issue 16): the provider sends the browser back here; the login ends or says why not (SPEC §8 codes 4, 11). */
export function OauthRedirectPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { search } = useLocation()
  const [feedback, setFeedback] = useState<LoginFeedback | null>(null)
  const started = useRef(false)

  useEffect(() => {
    // The provider's code works once: a second run of the effect must not send it again.
    if (started.current) return
    started.current = true
    finishCloudLogin(search)
      .then((redirect) => navigate(safeRedirect(redirect), { replace: true }))
      .catch((error: unknown) => setFeedback(loginFeedbackOf(error)))
  }, [search, navigate])

  return (
    <main className="container py-5" style={{ maxWidth: '26rem' }}>
      <h1 className="h3 mb-4">{t('auth.screens.oauthRedirect')}</h1>
      {feedback ? (
        <>
          <div role="alert" className="alert alert-danger">
            {t(`auth.login.feedback.${feedback.code}`)}
          </div>
          <Link to="/login" className="btn btn-primary">
            {t('auth.backToLogin')}
          </Link>
        </>
      ) : (
        <p role="status">{t('auth.cloudLogin.finishing')}</p>
      )}
    </main>
  )
}
