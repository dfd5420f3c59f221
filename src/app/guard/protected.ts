/** The lazily loaded protected shell route (its own chunk, so the login page does not carry it). */
export { guardLoader as loader } from './guard-loader'
export { ProtectedLayout as Component } from '../components/ProtectedLayout'
