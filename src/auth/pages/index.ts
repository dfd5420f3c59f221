export { LoginPage } from './LoginPage'
export { NotEnabledPage } from './NotEnabledPage'
export { ForgotPasswordPage } from './ForgotPasswordPage'
export { OauthRedirectPage } from './OauthRedirectPage'
