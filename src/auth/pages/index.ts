export { LoginPage } from './LoginPage'
export { NotEnabledPage } from './NotEnabledPage'
