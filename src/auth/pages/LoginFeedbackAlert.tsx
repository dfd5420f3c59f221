import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { offersForgotPassword, type LoginFeedback } from '../login-feedback'

/** SPEC §8 login feedback: the code's text, when a lock ends, and the forgot-password link with code 1. */
export function LoginFeedbackAlert({ feedback }: { feedback: LoginFeedback }) {
  const { t, i18n } = useTranslation()
  return (
    <div role="alert" className="alert alert-danger">
      {t(`auth.login.feedback.${feedback.code}`)}
      {feedback.lockedUntil !== undefined && (
        <> {t('auth.login.lockedUntil', { time: new Date(feedback.lockedUntil * 1000).toLocaleString(i18n.language) })}</>
      )}
      {offersForgotPassword(feedback) && (
        <div className="mt-2">
          <Link to="/login/forgot_password" className="alert-link">
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
      )}
    </div>
  )
}
