import { createHashRouter } from 'react-router'
import { appRoutes } from './routes'

/** SPEC §2: routes are hash-based. */
export function createAppRouter() {
  return createHashRouter(appRoutes)
}
