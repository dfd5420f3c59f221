export { LoginPage } from './LoginPage'
export { NotEnabledPage } from './NotEnabledPage'
export { MfaPage } from './MfaPage'
export { EnrollPage } from './EnrollPage'
